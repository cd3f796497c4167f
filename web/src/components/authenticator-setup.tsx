import { Anchor, Box, Code, Group, Image, Stack, Text } from '@mantine/core';
import type { MfaSetup } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { CopyAction } from './copy-action.tsx';

/** A base32 secret in groups of four, four groups a line: easier to read aloud and to type. */
export function groupedSecret(secret: string): { offset: number; text: string }[] {
  const lines = [];
  for (let offset = 0; offset < secret.length; offset += 16) {
    lines.push({ offset, text: secret.slice(offset, offset + 16).replace(/(.{4})(?=.)/g, '$1 ') });
  }
  return lines;
}

interface AuthenticatorSetupProps {
  readonly setup: MfaSetup;
}

/**
 * What an authenticator app needs to start making codes (docs/product-rules.md#accounts): the QR code,
 * the secret to type by hand when it cannot be scanned, and a link for an app on this very device.
 */
export function AuthenticatorSetup({ setup }: AuthenticatorSetupProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('secondFactor.setup.scan')}</Text>
      <Group gap="md" align="center" wrap="wrap">
        <Box
          bg="white"
          p={4}
          bd="1px solid var(--mantine-color-gray-3)"
          style={{ borderRadius: 'var(--mantine-radius-md)', flex: 'none' }}
        >
          <Image src={setup.qrCode} alt={t('secondFactor.setup.qrAlt')} w={168} h={168} fit="contain" />
        </Box>
        <Stack gap={6} style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Text size="sm">{t('secondFactor.setup.manual')}</Text>
          <Code
            block
            fz="sm"
            data-testid="authenticator-secret"
            style={{ letterSpacing: '0.05em', wordSpacing: '0.2em' }}
          >
            {groupedSecret(setup.secret).map((line) => (
              <span key={line.offset} style={{ display: 'block' }}>
                {line.text}
              </span>
            ))}
          </Code>
          <Group gap="sm">
            <CopyAction value={setup.secret} label={t('secondFactor.setup.copySecret')} />
            <Anchor href={setup.uri} size="sm">
              {t('secondFactor.setup.openApp')}
            </Anchor>
          </Group>
        </Stack>
      </Group>
    </Stack>
  );
}
