import { Alert, Box, Paper, Text, Title } from '@mantine/core';
import { errorMessage } from '../../lib/api/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NameAndPasswordForm } from '../../ui/name-and-password-form.tsx';
import { useAcceptInvitation, useInvitationCheck } from './staff-api.ts';

/**
 * '/accept-invitation?token=…' from the invitation mail: the link is checked on arrival (a withdrawn, used, expired
 * or replaced one says so at once), then the person sees the firm, roles and address they are invited with, chooses
 * their name and password and is signed in. What follows (the second factor's set-up for staff) is the session
 * guard's to ask.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const check = useInvitationCheck(token);
  const invited = check.data;
  return (
    <Box py="xl" px="md" style={{ display: 'flex', justifyContent: 'center' }}>
      <Paper shadow="md" withBorder p="xl" w="100%" maw={440}>
        <Title order={1} size="h3" mb="xs">
          {invited ? t('staff.acceptTitle', { firm: invited.firm_name }) : t('staff.acceptTitlePlain')}
        </Title>
        {invited && (
          <Text size="sm" mb="xs" data-testid="invitation-for">
            {t('staff.acceptFor', {
              roles: invited.roles.map((r) => t(`roles.${r}`)).join(', '),
              email: invited.email,
            })}
          </Text>
        )}
        {token.length < 10 ? (
          <Alert color="red" variant="light" role="alert">
            {t('staff.missingToken')}
          </Alert>
        ) : check.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="invitation-refused">
            {errorMessage(check.error)}
          </Alert>
        ) : !invited ? (
          <PageLoader />
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="lg">
              {t('staff.acceptHint')}
            </Text>
            <NameAndPasswordForm
              texts={{
                fullName: t('staff.fullName'),
                password: t('staff.password'),
                passwordHint: t('staff.passwordHint'),
                confirmPassword: t('staff.confirmPassword'),
                passwordShort: t('staff.passwordShort'),
                passwordsDiffer: t('staff.passwordsDiffer'),
                submit: t('staff.acceptButton'),
              }}
              pending={accept.isPending}
              onSubmit={(values) =>
                accept.mutate({ token, ...values }, { onSuccess: () => navigate('/dashboard', { replace: true }) })
              }
              testId="accept-invitation-form"
            />
          </>
        )}
      </Paper>
    </Box>
  );
}
