import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { NoSpanishNote } from './site-page-shell.tsx';

/** Issue 31: on the Spanish site, a page with no Spanish says so above its English; anywhere else it says nothing. */
describe('the note on a page with no Spanish', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows for a Spanish reader when the content has no Spanish title, in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<NoSpanishNote content={{ title: { en: 'Our fees' } }} />);
    expect(await screen.findByTestId('site-no-spanish')).toHaveTextContent(
      'Esta página aún no está disponible en español',
    );
  });

  it('is not there when the content has Spanish, nor for an English reader', async () => {
    await i18n.changeLanguage('es');
    const { unmount } = renderWithProviders(
      <NoSpanishNote content={{ title: { en: 'Our fees', es: 'Nuestras tarifas' } }} />,
    );
    expect(screen.queryByTestId('site-no-spanish')).toBeNull();
    unmount();
    await i18n.changeLanguage('en');
    renderWithProviders(<NoSpanishNote content={{ title: { en: 'Our fees' } }} />);
    expect(screen.queryByTestId('site-no-spanish')).toBeNull();
  });
});
