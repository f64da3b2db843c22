import { AppShell } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders, createQueryClient } from '../providers.tsx';
import { AppHeader } from './app-header.tsx';

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

const renderAt = (entries: string[]) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <AppShell header={{ height: 60 }}>
          <AppHeader session={null} isMobile />
          <Where />
        </AppShell>
      </MemoryRouter>
    </AppProviders>,
  );

describe('AppHeader back arrow (phones)', () => {
  it('goes back to the previous page of the portal', () => {
    renderAt(['/billing', '/reset-password']);
    fireEvent.click(screen.getByTestId('header-back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/billing');
  });

  it('goes home, not out of the portal, when the page was opened directly', () => {
    renderAt(['/reset-password']);
    fireEvent.click(screen.getByTestId('header-back'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('AppHeader language link', () => {
  it('carries the page’s address encoded once: a query’s encoded next comes back as it was', () => {
    const page = '/register?tab=create&next=%2Fcreate-ticket%3Fservice%3D7c0e4a52-1b6e-4c38-9f7a-2d5b0c9e8a11';
    renderAt([page]);
    const href = screen.getByTestId('language-link').getAttribute('href')!;
    expect(href).toBe(`/language/es?next=${encodeURIComponent(page)}`);
    // What the server reads (the query decoded once) is the page's address, with its next still encoded.
    expect(new URL(href, 'http://localhost').searchParams.get('next')).toBe(page);
  });
});
