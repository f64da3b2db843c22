import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm professional blue; shade 7 is the primary (white text on it passes WCAG AA). */
const brand: MantineColorsTuple = [
  '#eff5ff',
  '#dbe7fe',
  '#bfd4fe',
  '#93b8fd',
  '#6094fa',
  '#3b73f6',
  '#2557eb',
  '#1d46d8',
  '#1e3aaf',
  '#1e348a',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Transitions off for people whose system asks for less motion (WCAG 2.3.3); Mantine ignores the setting unless told.
  respectReducedMotion: true,
  focusRing: 'auto',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  shadows: {
    xs: '0 1px 2px rgba(16, 24, 40, 0.06)',
    sm: '0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)',
    md: '0 6px 16px -4px rgba(16, 24, 40, 0.10), 0 2px 6px -2px rgba(16, 24, 40, 0.05)',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // Every field the same height as TextInput, so rows of filters line up.
    Select: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    NumberInput: { defaultProps: { size: 'md' } },
    // A file input's "placeholder" is text in a button-like box, not an input placeholder: it must be legible (AA:
    // gray.7 is about 7:1 on white; the dimmed colour, gray.6, only 3.3:1).
    FileInput: { styles: { placeholder: { color: 'var(--mantine-color-gray-7)' } } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, shadow: 'xs' } },
    // Sentence case everywhere, as the status badges: upper-case pills read as shouting and are harder to scan.
    Badge: { styles: { root: { textTransform: 'none', letterSpacing: 0 } } },
    Paper: { defaultProps: { radius: 'lg' } },
    // A dialog's header is not the page's banner: Mantine draws it as <header>, a second `banner` landmark beside the
    // app's (axe landmark-no-duplicate-banner) in every modal and drawer.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});
