import { Alert, Anchor, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirmEmailChange } from './profile-api.ts';

/** '/confirm-email?token=…' from the link mailed to the new address: one press finishes the change. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  return (
    <Box py="xl" px="md" style={{ display: 'flex', justifyContent: 'center' }}>
      <Paper shadow="md" withBorder p="xl" w="100%" maw={440}>
        <Title order={1} size="h3" mb="lg">
          {t('profile.confirmEmailTitle')}
        </Title>
        {token.length < 10 ? (
          <Alert color="red" variant="light" role="alert">
            {t('profile.missingToken')}
          </Alert>
        ) : confirm.isSuccess ? (
          <Stack>
            <Alert color="green" variant="light" role="status" data-testid="email-confirmed">
              {confirm.data.message}
            </Alert>
            <Anchor component={Link} to="/my-profile">
              {t('profile.backToProfile')}
            </Anchor>
          </Stack>
        ) : (
          <Stack>
            <Text size="sm">{t('profile.confirmEmailHint')}</Text>
            <Button onClick={() => confirm.mutate(token)} loading={confirm.isPending} data-testid="confirm-email">
              {t('profile.confirmEmailButton')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
