import { Button, Group, NumberInput, Paper, SimpleGrid, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useCatalogList, useCatalogSave } from './catalog-api.ts';

/** Tax years (Tax99 Year): offer or withdraw a year, add a new one. */
export function YearsTab() {
  const { t } = useTranslation();
  const list = useCatalogList('years');
  const save = useCatalogSave('years');
  const [year, setYear] = useState<number | string>(new Date().getFullYear());
  const [error, setError] = useState<string | null>(null);

  const run = async (key: number | undefined, body: Record<string, unknown>) => {
    setError(null);
    try {
      await save.mutateAsync({ key, body });
      showSuccessToast(t('catalog.saved'));
    } catch (err) {
      const message = isApiError(err) ? (err.fieldMessage('year') ?? err.detail) : t('common.somethingWentWrong');
      if (key === undefined) setError(message);
      else showErrorToast(message);
    }
  };

  return (
    <>
      <Paper withBorder shadow="xs" p="md" mb="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(undefined, { year: Number(year), active: true });
          }}
        >
          <Group align="flex-start" gap="sm">
            <NumberInput
              aria-label={t('catalog.year')}
              min={1990}
              max={2100}
              value={year}
              onChange={setYear}
              error={error}
              w={160}
              data-testid="year-input"
            />
            <Button type="submit" loading={save.isPending} size="md" data-testid="years-add">
              {t('catalog.addYear')}
            </Button>
          </Group>
        </form>
      </Paper>
      {!list.data ? (
        <PageLoader />
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm" data-testid="years">
          {list.data.items.map((y) => (
            <Paper key={y.year} withBorder p="sm">
              <Text fw={700}>{y.year}</Text>
              <Switch
                mt={6}
                size="sm"
                label={y.active ? t('catalog.offered') : t('catalog.withdrawn')}
                checked={y.active}
                onChange={(e) => void run(y.year, { active: e.currentTarget.checked })}
              />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
