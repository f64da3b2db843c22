import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconBrandWindows, IconDeviceMobile } from '@tabler/icons-react';
import type { OidcProvider } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { oidcStartUrl, useSignInMethods } from './sign-in-methods-api.ts';

const ICONS: Record<OidcProvider, typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  microsoft: IconBrandWindows,
  apple: IconBrandApple,
};

const OUTCOMES = ['failed', 'cancelled', 'staff', 'unverified', 'no_email', 'off', 'factor', 'closed'] as const;

/** Why a social sign-in came back without signing in (`/register?social=…`, set by the server's callback). */
export function SocialOutcome() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outcome = params.get('social');
  if (!outcome || outcome === 'link') return null;
  const shown = (OUTCOMES as readonly string[]).includes(outcome) ? (outcome as (typeof OUTCOMES)[number]) : 'failed';
  return (
    <Alert color="red" variant="light" mb="md" role="alert" data-testid="social-outcome">
      {t(`signInMethods.outcome.${shown}`)}
    </Alert>
  );
}

/** Below the e-mail sign-in: "Sign in with phone" and a button per enabled social provider, when there are any. */
export function SignInAlternatives({ onPhone }: { onPhone: () => void }) {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  const providers = methods.data?.oidc ?? [];
  if (!methods.data?.phone && providers.length === 0) return null;
  return (
    <Stack gap="sm" mt="lg" data-testid="sign-in-alternatives">
      <Divider label={t('signInMethods.or')} labelPosition="center" />
      {methods.data?.phone ? (
        <Button variant="default" size="md" fullWidth leftSection={<IconDeviceMobile size={18} />} onClick={onPhone}>
          {t('signInMethods.withPhone')}
        </Button>
      ) : null}
      {providers.map((p) => {
        const Icon = ICONS[p];
        return (
          <Button
            key={p}
            component="a"
            href={oidcStartUrl(p)}
            variant="default"
            size="md"
            fullWidth
            leftSection={<Icon size={18} />}
          >
            {t(`signInMethods.with.${p}`)}
          </Button>
        );
      })}
    </Stack>
  );
}
