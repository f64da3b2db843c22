import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { blockSchema, textIn, type Block } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ObjectFields } from './schema-form.tsx';
import { emptyOf } from './schema-reading.ts';
import classes from './editor.module.css';

type BlockType = Block['type'];
type Schema = z.ZodType;

/** Each block type's schema, from the contract's discriminated union. */
const BLOCK_SCHEMAS = new Map<BlockType, Schema>(
  blockSchema.options.map((o) => [o.shape.type.value as BlockType, o as unknown as Schema]),
);
export const BLOCK_TYPES = [...BLOCK_SCHEMAS.keys()];

const newId = () => `b-${crypto.randomUUID().slice(0, 12)}`;

/** A new block of a type: its schema's defaults, with a fresh id. */
export function newBlock(type: BlockType): Block {
  return { ...(emptyOf(BLOCK_SCHEMAS.get(type)!) as object), id: newId(), type } as Block;
}

/** A line that tells blocks of one type apart in the list: its heading, when it has one. */
function summaryOf(block: Block): string {
  const b = block as Record<string, unknown>;
  const heading = (b.heading ?? b.caption) as { en?: string } | undefined;
  return heading && typeof heading === 'object' ? textIn(heading as never) : '';
}

function SortableBlock({
  block,
  index,
  open,
  onToggle,
  onChange,
  onRemove,
}: {
  block: Block;
  index: number;
  open: boolean;
  onToggle: () => void;
  onChange: (b: Block) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.id,
  });
  const name = t(`siteEditor.blockType.${block.type}`);
  const summary = summaryOf(block);
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      shadow={isDragging ? 'md' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
      data-testid={`block-${index}`}
      data-block-type={block.type}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            className={classes.handle}
            aria-label={t('siteEditor.builder.drag', { name: `${index + 1} ${name}` })}
            data-testid={`block-${index}-handle`}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {t('siteEditor.builder.block', { n: index + 1, name })}
            </Text>
            {summary && (
              <Text size="xs" c="dimmed" truncate>
                {summary}
              </Text>
            )}
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={onToggle}
            aria-expanded={open}
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            data-testid={`block-${index}-edit`}
          >
            {open ? t('siteEditor.builder.close') : t('siteEditor.builder.edit')}
          </Button>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('siteEditor.builder.remove')}: ${index + 1} ${name}`}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {open && (
        <Stack pt="sm">
          <ObjectFields
            schema={BLOCK_SCHEMAS.get(block.type)!}
            value={block}
            onChange={(v) => onChange(v as Block)}
            path={`blocks.${index}`}
          />
        </Stack>
      )}
    </Card>
  );
}

/**
 * A page's blocks: sorted by drag and drop (pointer, or keyboard: Space on a handle, arrows, Space), each edited
 * with the form its schema draws, added from the contract's block types.
 */
export function BlockBuilder({ blocks, onChange }: { blocks: Block[]; onChange: (blocks: Block[]) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = blocks.findIndex((b) => b.id === active.id);
    const to = blocks.findIndex((b) => b.id === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(blocks, from, to));
  };
  const add = (type: BlockType) => {
    const block = newBlock(type);
    onChange([...blocks, block]);
    setOpen(block.id);
  };
  return (
    <Stack gap="sm" data-testid="block-builder">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('siteEditor.builder.blocks')}
        </Title>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" leftSection={<IconPlus size={14} />} data-testid="add-block">
              {t('siteEditor.builder.addBlock')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {BLOCK_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => add(type)} data-testid={`add-block-${type}`}>
                {t(`siteEditor.blockType.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Text size="xs" c="dimmed" id="block-drag-hint">
        {t('siteEditor.builder.dragHint')}
      </Text>
      {blocks.length === 0 && <Text c="dimmed">{t('siteEditor.builder.emptyBlocks')}</Text>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={() => setOpen(null)}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: t('siteEditor.builder.dragHint') } }}
      >
        <SortableContext items={blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
          <Stack gap="xs">
            {blocks.map((b, i) => (
              <SortableBlock
                key={b.id}
                block={b}
                index={i}
                open={open === b.id}
                onToggle={() => setOpen(open === b.id ? null : b.id)}
                onChange={(nb) => onChange(blocks.map((x) => (x.id === b.id ? nb : x)))}
                onRemove={() => onChange(blocks.filter((x) => x.id !== b.id))}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
