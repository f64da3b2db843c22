import { Alert } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What a visitor reads after sending a form of the site: it replaces the form, so on a phone the page would stay
 * scrolled where the Send button was, past it (issue 29: the contact form's thanks was out of view at 390 px). It
 * brings itself into view and takes the focus, so a screen reader reads it too.
 */
export function SentNotice({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <Alert ref={ref} tabIndex={-1} color="green" title={title} role="status" data-testid={testId}>
      {children}
    </Alert>
  );
}
