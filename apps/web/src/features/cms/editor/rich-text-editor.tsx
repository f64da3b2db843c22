import { ActionIcon, Group, Input, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconLinkOff,
  IconList,
  IconListNumbers,
  IconQuote,
  IconStrikethrough,
  type Icon,
} from '@tabler/icons-react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './editor.module.css';

/** Links an editor may make: the same targets the contract's link fields accept (the server's sanitiser decides). */
const SAFE_HREF = /^(?:https?:\/\/\S+|\/(?!\/)\S*|#[\w-]*|mailto:\S+|tel:\+?[\d\s()-]+)$/i;

function Tool({
  label,
  icon: I,
  active,
  onClick,
}: {
  label: string;
  icon: Icon;
  active?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        aria-label={label}
        aria-pressed={active ?? undefined}
        onClick={onClick}
        size="md"
      >
        <I size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const chain = () => editor.chain().focus();
  const link = () => {
    const href = window.prompt(t('siteEditor.rich.linkPrompt'), editor.getAttributes('link').href ?? 'https://');
    if (href === null) return;
    if (!href) chain().unsetLink().run();
    else if (SAFE_HREF.test(href.trim())) chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <Group gap={2} className={classes.toolbar} role="toolbar" aria-label={t('siteEditor.rich.toolbar')}>
      <Tool
        label={t('siteEditor.rich.bold')}
        icon={IconBold}
        active={editor.isActive('bold')}
        onClick={() => chain().toggleBold().run()}
      />
      <Tool
        label={t('siteEditor.rich.italic')}
        icon={IconItalic}
        active={editor.isActive('italic')}
        onClick={() => chain().toggleItalic().run()}
      />
      <Tool
        label={t('siteEditor.rich.strike')}
        icon={IconStrikethrough}
        active={editor.isActive('strike')}
        onClick={() => chain().toggleStrike().run()}
      />
      <Tool
        label={t('siteEditor.rich.h2')}
        icon={IconH2}
        active={editor.isActive('heading', { level: 2 })}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <Tool
        label={t('siteEditor.rich.h3')}
        icon={IconH3}
        active={editor.isActive('heading', { level: 3 })}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      />
      <Tool
        label={t('siteEditor.rich.bullet')}
        icon={IconList}
        active={editor.isActive('bulletList')}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        label={t('siteEditor.rich.ordered')}
        icon={IconListNumbers}
        active={editor.isActive('orderedList')}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Tool
        label={t('siteEditor.rich.quote')}
        icon={IconQuote}
        active={editor.isActive('blockquote')}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <Tool label={t('siteEditor.rich.link')} icon={IconLink} active={editor.isActive('link')} onClick={link} />
      <Tool label={t('siteEditor.rich.unlink')} icon={IconLinkOff} onClick={() => chain().unsetLink().run()} />
      <Tool label={t('siteEditor.rich.undo')} icon={IconArrowBackUp} onClick={() => chain().undo().run()} />
      <Tool label={t('siteEditor.rich.redo')} icon={IconArrowForwardUp} onClick={() => chain().redo().run()} />
    </Group>
  );
}

/**
 * Rich text with TipTap: the editor writes only the HTML its schema knows (paragraphs, headings, lists, quotes,
 * links, emphasis), never hand-typed markup; the server's allow-list sanitiser still decides what is stored.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  testId,
  description,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  testId?: string;
  /** A note under the editor that describes it (the site editor's "No Spanish yet"), read with it. */
  description?: ReactNode;
}) {
  const labelId = useId();
  const descriptionId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, isAllowedUri: (url) => SAFE_HREF.test(url) },
      }),
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      // The note, while there is one, describes the editor (useEditor hands new options to the view on each render).
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(description ? { 'aria-describedby': descriptionId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A restored revision replaces the value from outside: show it (typing never gets here, the value is the same).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data-testid={testId}
    >
      <div className={classes.rich}>
        {editor && <Toolbar editor={editor} />}
        <EditorContent editor={editor} className={classes.richContent} />
      </div>
    </Input.Wrapper>
  );
}
