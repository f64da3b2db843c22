import { Button, Group, NativeSelect } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { QUESTION_TYPES, type QuestionType } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusKey, useBuilder } from './builder-context.tsx';
import { addQuestion } from './draft-edit.ts';
import classes from './organizer-builder.module.css';

/** A type and "Add a question": at the end of a section, or of a repeating group (`inGroup`: no group inside). */
export function AddQuestion({ parentUid, inGroup = false }: { parentUid: string; inGroup?: boolean }) {
  const { t } = useTranslation();
  const { draft, edit, focus, setOpen } = useBuilder();
  const types = QUESTION_TYPES.filter((type) => !inGroup || type !== 'group');
  const [type, setType] = useState<QuestionType>('yes_no');
  const add = () => {
    const { draft: next, uid } = addQuestion(draft, parentUid, type);
    edit(() => next);
    setOpen(uid, true);
    focus(focusKey(uid, 'label'));
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label={inGroup ? t('organizerBuilder.add.fieldType') : t('organizerBuilder.add.type')}
        value={type}
        onChange={(e) => setType(e.currentTarget.value as QuestionType)}
        data={types.map((x) => ({ value: x, label: t(`organizerBuilder.type.${x}`) }))}
        className={classes.narrow}
        data-testid={inGroup ? 'add-field-type' : 'add-question-type'}
      />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={add}
        data-focus={focusKey(parentUid, 'add')}
        data-testid={inGroup ? 'add-field' : 'add-question'}
      >
        {inGroup ? t('organizerBuilder.add.field') : t('organizerBuilder.add.question')}
      </Button>
    </Group>
  );
}
