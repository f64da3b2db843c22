import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { isStaffRole, type ReferralNode } from '@taxportal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { formatDate } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useReferralTree } from './referrals-api.ts';
import classes from './referral-tree.module.css';

/** Levels shown open at first; deeper branches start folded. */
const OPEN_LEVELS = 3;

interface TreeIndex {
  tops: ReferralNode[];
  children: Map<string, ReferralNode[]>;
  depth: Map<string, number>;
}

function indexTree(nodes: ReferralNode[]): TreeIndex {
  const children = new Map<string, ReferralNode[]>();
  const tops: ReferralNode[] = [];
  for (const n of nodes) {
    if (n.parent_id) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n]);
    else tops.push(n);
  }
  const depth = new Map<string, number>();
  const walk = (list: ReferralNode[], d: number) => {
    for (const n of list) {
      depth.set(n.id, d);
      walk(children.get(n.id) ?? [], d + 1);
    }
  };
  walk(tops, 0);
  return { tops, children, depth };
}

/**
 * '/grid/{route}': the referral tree as a nested list whose branches fold and unfold (a disclosure button per
 * person with referrals). `route` is `me` (a customer's own branch), `all` (staff: the whole tree) or a person's
 * id (that branch). Customers see names shortened; staff see e-mails and can search.
 */
export function ReferralTreePage() {
  const { t } = useTranslation();
  const { route = 'me' } = useParams();
  const session = useSession();
  const staff = (session.data?.roles ?? []).some(isStaffRole);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const root = route === 'me' || route === 'all' ? undefined : route;
  const tree = useReferralTree(root, staff ? q : '');
  const index = useMemo(() => indexTree(tree.data?.nodes ?? []), [tree.data]);
  const [folded, setFolded] = useState<Set<string> | null>(null);
  const initiallyFolded = useMemo(
    () =>
      new Set([...index.depth].filter(([id, d]) => d >= OPEN_LEVELS - 1 && index.children.has(id)).map(([id]) => id)),
    [index],
  );
  const closed = folded ?? initiallyFolded;
  const toggle = (id: string) => {
    const next = new Set(closed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setFolded(next);
  };

  if (session.isPending) return <PageLoader />;
  const notFound = tree.error && isApiError(tree.error) && tree.error.status === 404;
  const home = staff ? '/grid/all' : '/grid/me';

  return (
    <Stack gap="lg" data-testid="referral-tree-page">
      <PageTitle
        title={t('referrals.treeTitle')}
        subtitle={staff ? t('referrals.treeIntroStaff') : t('referrals.treeIntroCustomer')}
        actions={
          root ? (
            <Button component={Link} to={home} variant="default">
              {staff ? t('referrals.wholeTree') : t('referrals.backToMine')}
            </Button>
          ) : undefined
        }
      />
      {staff && (
        <TextInput
          label={t('referrals.searchLabel')}
          placeholder={t('referrals.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
          data-testid="referral-tree-search"
        />
      )}
      {notFound ? (
        <Paper withBorder p="lg">
          <Text>{t('referrals.notFound')}</Text>
          <Anchor component={Link} to={home}>
            {staff ? t('referrals.wholeTree') : t('referrals.backToMine')}
          </Anchor>
        </Paper>
      ) : !tree.data ? (
        <PageLoader />
      ) : (
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'lg' }}>
          <Group gap="xs" mb="sm">
            <Button size="compact-sm" variant="subtle" onClick={() => setFolded(new Set())}>
              {t('referrals.expandAll')}
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setFolded(new Set(index.children.keys()))}>
              {t('referrals.collapseAll')}
            </Button>
          </Group>
          {index.tops.length === 0 ? (
            <Text c="dimmed">{q ? t('referrals.noMatch') : t('referrals.emptyTree')}</Text>
          ) : (
            <ul className={classes.tree} aria-label={t('referrals.treeTitle')} data-testid="referral-tree">
              {index.tops.map((n) => (
                <TreeItem
                  key={n.id}
                  node={n}
                  index={index}
                  closed={closed}
                  toggle={toggle}
                  rootId={tree.data.root_id}
                  selfId={session.data?.user.id ?? null}
                />
              ))}
            </ul>
          )}
          {tree.data.truncated && (
            <Text size="sm" c="dimmed" mt="sm">
              {t('referrals.truncated')}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}

function TreeItem({
  node,
  index,
  closed,
  toggle,
  rootId,
  selfId,
}: {
  node: ReferralNode;
  index: TreeIndex;
  closed: Set<string>;
  toggle: (id: string) => void;
  rootId: string | null;
  selfId: string | null;
}) {
  const { t } = useTranslation();
  const kids = index.children.get(node.id) ?? [];
  const open = kids.length > 0 && !closed.has(node.id);
  const listId = `referral-children-${node.id}`;
  // Their branch on its own page: all of it, even where this answer was cut or is a search.
  const canOpenBranch = node.referred_count > 0 && node.id !== rootId;
  return (
    <li data-testid="referral-node" data-name={node.name}>
      <div className={classes.node}>
        {kids.length > 0 ? (
          <ActionIcon
            variant="subtle"
            size={22}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={
              open ? t('referrals.collapse', { name: node.name }) : t('referrals.expand', { name: node.name })
            }
            onClick={() => toggle(node.id)}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        ) : (
          <span className={classes.toggleSpace} aria-hidden />
        )}
        <div className={classes.body}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} className={classes.name}>
              {node.name}
            </Text>
            {node.id === selfId && <ToneBadge tone="accent">{t('referrals.you')}</ToneBadge>}
            {node.match && <ToneBadge tone="info">{t('referrals.match')}</ToneBadge>}
            {node.paying && <ToneBadge tone="success">{t('referrals.paying')}</ToneBadge>}
          </Group>
          <Text size="xs" c="dimmed" className={classes.name}>
            {[node.email, t('referrals.joined', { date: formatDate(node.joined_at) })].filter(Boolean).join(' · ')}
            {node.referred_count > 0 && ` · ${t('referrals.referredCount', { count: node.referred_count })}`}
          </Text>
          {canOpenBranch && (
            <Anchor component={Link} to={`/grid/${node.id}`} size="xs">
              {t('referrals.openBranch')}
            </Anchor>
          )}
        </div>
      </div>
      {kids.length > 0 && (
        <ul id={listId} className={classes.branch} hidden={!open}>
          {kids.map((k) => (
            <TreeItem
              key={k.id}
              node={k}
              index={index}
              closed={closed}
              toggle={toggle}
              rootId={rootId}
              selfId={selfId}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
