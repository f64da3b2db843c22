import { Paper, Text } from '@mantine/core';

/** One figure with its name. */
export function StatCard({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: number;
  tone?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder shadow="xs" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={tone} lh={1.2} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}
