import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The phone number field of registration and of the phone code flows: one label, hint and keyboard. */
export function PhoneField(props: Omit<TextInputProps, 'label' | 'type'>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.phone')}
      placeholder={t('common.phonePlaceholder')}
      description={t('auth.phoneHint')}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      {...props}
    />
  );
}
