import { Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

interface SectionStepProps {
  readonly title: string;
  /** Whether the title takes the focus (new content to read first), or a field inside does. */
  readonly focusTitle?: boolean;
  /** False while the content loads: it is brought into view once it is there, at its full height. */
  readonly ready?: boolean;
  readonly children: ReactNode;
}

/**
 * A step that opens inside a Settings section (setting up, the recovery codes, turning off): it is
 * scrolled into view, since on a phone it opens below the fold, and its title takes the focus so that
 * a screen reader starts there.
 */
export function SectionStep({ title, focusTitle = true, ready = true, children }: SectionStepProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!ready) {
      return;
    }
    titleRef.current?.scrollIntoView({ block: 'start' });
    if (focusTitle) {
      titleRef.current?.focus({ preventScroll: true });
    }
  }, [focusTitle, ready]);
  return (
    <Stack gap="sm">
      <Title order={4} size="h6" ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
