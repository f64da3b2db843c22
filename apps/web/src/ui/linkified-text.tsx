import { Anchor, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

// http(s) URLs and bare www. addresses; anything else (javascript:, data:...) stays text.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the URL.
const TRAILING = /[.,;:!?)\]}'"]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits plain text into text and links. Pure, so the rule can be tested on its own. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    const start = match.index;
    if (!url || /^(https?:\/\/|www\.)$/i.test(url)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: /^www\./i.test(url) ? `https://${url}` : url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * A user's text shown as text: line breaks kept, links clickable. Every part is a React
 * text node or an <a> whose href is http(s), so nothing typed is ever parsed as HTML.
 */
export function LinkifiedText({ text, ...props }: { text: string } & TextProps) {
  const nodes: ReactNode[] = splitLinks(text).map((p, i) =>
    p.kind === 'link' ? (
      // Underlined: inside a sentence a link must not be told apart by its colour alone (WCAG 1.4.1).
      <Anchor key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow" inherit underline="always">
        {p.text}
      </Anchor>
    ) : (
      p.text
    ),
  );
  return (
    <Text {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {nodes}
    </Text>
  );
}
