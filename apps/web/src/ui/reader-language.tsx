import { Badge } from '@mantine/core';
import { DEFAULT_LANGUAGE, type Language } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';

/**
 * For staff: the language a customer reads the portal in, when it is not English, so that they are answered in it
 * (issue 31). The language's code is shown; its name, and what it asks, are said to a screen reader and on hover.
 */
export function ReaderLanguage({ language }: { language?: Language | null }) {
  const { t } = useTranslation();
  if (!language || language === DEFAULT_LANGUAGE) return null;
  const said = t(`language.reads.${language}` as 'language.reads.es');
  return (
    <Badge
      component="abbr"
      size="xs"
      variant="light"
      color="grape"
      ml={6}
      title={said}
      aria-label={said}
      data-testid="reader-language"
      style={{ verticalAlign: 'middle', textDecoration: 'none' }}
    >
      {language.toUpperCase()}
    </Badge>
  );
}
