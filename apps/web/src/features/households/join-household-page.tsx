import { Alert, Box, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { NameAndPasswordForm } from '../../ui/name-and-password-form.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useJoinCheck, useJoinHousehold } from './households-api.ts';
import { addHouseholdsTexts } from './i18n.ts';

addHouseholdsTexts();

/**
 * '/join-household?token=…' from the invitation mail of an e-mail without an account (docs/decisions/0032): the
 * link is checked on arrival (a dead one says so at once); the person sees who invites them, confirms their name,
 * chooses a password, and their account is made now, joins the household and is signed in.
 */
export function JoinHouseholdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useJoinCheck(token);
  const join = useJoinHousehold();
  const invited = check.data;
  const onSubmit = (values: { full_name: string; password: string }) =>
    join.mutate(
      { token, ...values },
      {
        onSuccess: () => {
          showSuccessToast(t('households.join.joined', { name: invited?.from_name ?? '' }));
          void navigate('/my-profile/household', { replace: true });
        },
      },
    );
  // A 409 (the e-mail has an account by now) says to sign in: the invitation waits on their Household tab.
  const hasAccount = join.isError && isApiError(join.error) && join.error.status === 409;
  const checkedHasAccount = check.isError && isApiError(check.error) && check.error.status === 409;
  const signIn = <Link to="/register?next=%2Fmy-profile%2Fhousehold">{t('households.join.signIn')}</Link>;
  return (
    <Box py="xl" px="md" style={{ display: 'flex', justifyContent: 'center' }}>
      <Paper shadow="md" withBorder p={{ base: 'md', sm: 'xl' }} w="100%" maw={460}>
        <Title order={1} size="h3" mb="xs" style={{ overflowWrap: 'anywhere' }}>
          {invited ? t('households.join.title', { name: invited.from_name }) : t('households.join.titlePlain')}
        </Title>
        {invited && (
          <Text size="sm" mb="xs" data-testid="join-for" style={{ overflowWrap: 'anywhere' }}>
            {t('households.join.for', { firm: invited.firm_name, email: invited.email })}
          </Text>
        )}
        {token.length < 10 ? (
          <Alert color="red" variant="light" role="alert">
            {t('households.join.missingToken')}
          </Alert>
        ) : check.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="join-refused">
            {errorMessage(check.error)} {checkedHasAccount && signIn}
          </Alert>
        ) : !invited ? (
          <PageLoader />
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="lg">
              {t('households.join.hint')}
            </Text>
            {join.isError && (
              <Alert color="red" variant="light" role="alert" mb="md" data-testid="join-error">
                {errorMessage(join.error)} {hasAccount && signIn}
              </Alert>
            )}
            <NameAndPasswordForm
              texts={{
                fullName: t('households.join.fullName'),
                password: t('households.join.password'),
                passwordHint: t('households.join.passwordHint'),
                confirmPassword: t('households.join.confirmPassword'),
                passwordShort: t('households.join.passwordShort'),
                passwordsDiffer: t('households.join.passwordsDiffer'),
                submit: t('households.join.submit'),
              }}
              initialName={invited.full_name}
              pending={join.isPending}
              onSubmit={onSubmit}
              testId="join-household-form"
            />
          </>
        )}
      </Paper>
    </Box>
  );
}
