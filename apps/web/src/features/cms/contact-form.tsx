import { Box, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { SentNotice } from './sent-notice.tsx';
import { useSendEnquiry } from './site-api.ts';
import classes from './site.module.css';

/** SPEC's Contact Enquiry, with the server's spam checks: a honeypot people never see and when the form was shown. */
export function ContactForm() {
  const { t } = useTranslation();
  const [startedAt] = useState(() => Date.now());
  const send = useSendEnquiry();
  const form = useForm({
    initialValues: { name: '', email: '', phone: '', subject: '', message: '', website: '' },
    validate: {
      name: (v) => (v.trim() ? null : t('site.contact.nameRequired')),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('site.contact.emailInvalid')),
      message: (v) => (v.trim() ? null : t('site.contact.messageRequired')),
    },
  });
  if (send.isSuccess)
    return (
      <SentNotice title={send.data.message} testId="contact-sent">
        {t('site.contact.thanks')}
      </SentNotice>
    );
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        send.mutate(
          { ...values, started_at: startedAt },
          // The server's word on a field (a phone number it cannot read) shows under that field.
          {
            onError: (err) =>
              isApiError(err) && form.setErrors(Object.fromEntries(err.errors.map((e) => [e.field, e.message]))),
          },
        ),
      )}
      noValidate
      data-testid="contact-form"
    >
      <Stack gap="sm">
        <TextInput label={t('site.contact.name')} required autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label={t('site.contact.email')}
          required
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput label={t('site.contact.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        <TextInput label={t('site.contact.subject')} {...form.getInputProps('subject')} />
        <Textarea label={t('site.contact.message')} required minRows={5} autosize {...form.getInputProps('message')} />
        <Box className={classes.honeypot} aria-hidden>
          <label>
            {t('site.contact.leaveEmpty')}
            <input tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
          </label>
        </Box>
        <Button type="submit" loading={send.isPending} size="md" w={{ base: '100%', sm: 'auto' }}>
          {t('site.contact.send')}
        </Button>
      </Stack>
    </form>
  );
}
