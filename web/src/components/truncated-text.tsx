import { Text, Tooltip, VisuallyHidden } from '@mantine/core';

interface TruncatedTextProps {
  readonly text: string;
  /** Characters shown before the ellipsis. */
  readonly max?: number;
}

/**
 * A long text cut at `max` characters with an ellipsis; the whole text shows in a tooltip on hover or
 * keyboard focus, and assistive technology reads the whole text.
 */
export function TruncatedText({ text, max = 100 }: TruncatedTextProps) {
  if (text.length <= max) {
    return (
      <Text size="sm" style={{ overflowWrap: 'break-word' }}>
        {text}
      </Text>
    );
  }
  return (
    <Tooltip label={text} multiline maw={420} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" tabIndex={0} style={{ overflowWrap: 'break-word', cursor: 'help' }}>
        <span aria-hidden>{`${text.slice(0, max).trimEnd()}…`}</span>
        <VisuallyHidden>{text}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}
