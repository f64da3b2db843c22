import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { LinkifiedText, splitLinks } from './linkified-text.tsx';

describe('LinkifiedText: message bodies are text, never HTML', () => {
  it('shows a <script> payload as the characters typed, running nothing', () => {
    const payload = '<script>window.__pwned = true</script><img src=x onerror="window.__pwned=true"> hi';
    const { container } = renderWithProviders(<LinkifiedText text={payload} data-testid="body" />);
    const body = screen.getByTestId('body');
    expect(body.textContent).toBe(payload);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('turns http(s) and www. addresses into links that open in a new tab', () => {
    renderWithProviders(<LinkifiedText text="See https://irs.gov/forms, or www.example.com." />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://irs.gov/forms', 'https://www.example.com']);
    expect(links[0]).toHaveTextContent('https://irs.gov/forms');
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
  });

  it('links nothing that is not http(s)', () => {
    renderWithProviders(<LinkifiedText text="javascript:alert(1) data:text/html,<b>x</b> ftp://a.b" />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('keeps a link inside HTML-looking text as text around it', () => {
    expect(splitLinks('<a href="https://evil.test">x</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', text: 'https://evil.test', href: 'https://evil.test' },
      { kind: 'text', text: '">x</a>' },
    ]);
  });

  it('leaves sentence punctuation out of the link and keeps line breaks', () => {
    expect(splitLinks('Go to https://a.test/x).\nThanks')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', text: 'https://a.test/x', href: 'https://a.test/x' },
      { kind: 'text', text: ').\nThanks' },
    ]);
  });
});
