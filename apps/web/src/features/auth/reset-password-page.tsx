import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { endpoints } from '@taxportal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useConfirmPasswordReset } from './auth-api.ts';
import { preloadSchemas, submitValidated } from './lazy-validation.ts';
import classes from './register-page.module.css';
import { contractText } from '../../lib/language.ts';
import { call } from '../../lib/api/index.ts';
import { signInThenReturn, useReturnPath } from '../../lib/session/index.ts';

const contractTextOrNone = (m: string | undefined) => (m === undefined ? m : contractText(m));

type InviteLink = 'checking' | 'valid' | 'dead' | 'joined';

/**
 * A client import's invitation (issue 32): its link is checked as the page opens (which tells the firm it was opened,
 * and uses nothing up), so a dead one says so at once rather than at the form's submit. A check that fails (offline)
 * shows the form, whose submit tells.
 */
function useInviteLink(invited: boolean, token: string): InviteLink | null {
  const checks = invited && token.length >= 10;
  const [state, setState] = useState<InviteLink | null>(checks ? 'checking' : null);
  useEffect(() => {
    if (!checks) return;
    let current = true;
    call(endpoints.openClientInvitation, { body: { token } })
      .then((r) => current && setState(r.valid ? 'valid' : r.joined ? 'joined' : 'dead'))
      .catch(() => current && setState('valid'));
    return () => {
      current = false;
    };
  }, [checks, token]);
  return state;
}

/** A dead invitation link: why, and the ways forward (sign in, a reset link, a new invitation from the firm). */
function DeadInvite({ joined }: { joined: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="invite-link-dead">
      <Alert color={joined ? 'blue' : 'yellow'} variant="light" role="alert">
        {joined ? t('auth.inviteJoinedText') : t('auth.inviteDeadText')}
      </Alert>
      {!joined && <Text size="sm">{t('auth.inviteDeadAsk')}</Text>}
      <Group gap="sm">
        <Button component={Link} to="/register">
          {t('auth.signInButton')}
        </Button>
        <Button component={Link} to="/register?forgot=1" variant="default">
          {t('auth.forgotPassword')}
        </Button>
      </Group>
    </Stack>
  );
}

/** '/reset-password?token=…' from the e-mailed link: set a new password, then sign in on /register. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invited = params.get('invite') === '1';
  const next = useReturnPath();
  const inviteLink = useInviteLink(invited, token);
  const confirm = useConfirmPasswordReset();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
  });

  // One request however often the form is submitted (a double click): the link is used by the first, and a second
  // would answer "invalid" next to "ready". Once set, the form sends nothing more.
  const done = useRef(false);
  const setPassword = useSingleFlight(async (password: string) => {
    if (done.current) return;
    try {
      const res = await confirm.mutateAsync({ token, password });
      done.current = true;
      showSuccessToast(res.message);
      // A link may say where to go once signed in (a household's invitation: Profile → Household, 0032).
      navigate(next ? signInThenReturn(next) : '/register', { replace: true });
    } catch {
      // Told by the error toast (the mutation's meta).
    }
  });
  const onSubmit = submitValidated(
    form,
    (s, { password, confirm: again }) => ({
      password: contractTextOrNone(s.newPasswordSchema.safeParse(password).error?.issues[0]?.message),
      confirm: !again ? t('auth.confirmRequired') : again !== password ? t('auth.passwordsDoNotMatch') : null,
    }),
    ({ password }) => setPassword(password),
  );

  return (
    <Box className={classes.wrap}>
      <Paper shadow="md" withBorder p="xl" w="100%" maw={440}>
        <Title order={1} size="h3" mb="lg">
          {inviteLink === 'dead'
            ? t('auth.inviteDeadTitle')
            : inviteLink === 'joined'
              ? t('auth.inviteJoinedTitle')
              : invited
                ? t('auth.inviteTitle')
                : t('auth.resetTitle')}
        </Title>
        {inviteLink === 'checking' ? (
          <PageLoader />
        ) : inviteLink === 'dead' || inviteLink === 'joined' ? (
          <DeadInvite joined={inviteLink === 'joined'} />
        ) : token.length < 10 ? (
          <Stack>
            <Alert color="red" variant="light" role="alert">
              {t('auth.missingToken')}
            </Alert>
            <Anchor component={Link} to="/register">
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} onFocus={preloadSchemas} noValidate data-testid="reset-password-form">
            <Stack gap="md">
              <PasswordField
                label={t('auth.newPassword')}
                description={t('auth.passwordHint')}
                autoComplete="new-password"
                withAsterisk
                data-autofocus
                {...form.getInputProps('password')}
              />
              <PasswordField
                label={t('auth.confirmNewPassword')}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('confirm')}
              />
              <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
                {t('auth.setPassword')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Box>
  );
}
