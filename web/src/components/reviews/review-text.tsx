import { Anchor, Text } from '@mantine/core';
import { reviewTextSegments } from '@sciai/core';

/**
 * A review's text as written: React escapes it, so HTML in it is shown, never run; http(s)
 * addresses become links that tell search engines the reviewer, not SciAI, put them there.
 */
export function ReviewText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {reviewTextSegments(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <Anchor
            underline="always"
            key={index}
            href={segment.href}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
          >
            {segment.text}
          </Anchor>
        ) : (
          segment.text
        ),
      )}
    </Text>
  );
}
