import type { DocumentType } from '@taxportal/contract';
import { createContext, useContext } from 'react';
import type { PlacedIssues } from './draft-issues.ts';
import type { Draft } from './draft-model.ts';

/** Where focus goes after an edit: the element with this `data-focus` key (`<uid>:<part>`). */
export const focusKey = (uid: string, part: string) => `${uid}:${part}`;

/** What every part of the editor reads and how it changes the draft. */
export interface Builder {
  draft: Draft;
  /** One edit of the working copy (draft-edit.ts). */
  edit: (fn: (draft: Draft) => Draft) => void;
  /** Puts the focus on `data-focus="<key>"` once the edit has drawn. */
  focus: (key: string) => void;
  /** What the server refused, and (after a save was asked) the checks made here. */
  issues: PlacedIssues;
  /** The questions whose editor is open. */
  open: ReadonlySet<string>;
  setOpen: (uid: string, open: boolean) => void;
  documentTypes: DocumentType[];
}

export const BuilderContext = createContext<Builder | null>(null);

export function useBuilder(): Builder {
  const builder = useContext(BuilderContext);
  if (!builder) throw new Error('useBuilder outside the organizer editor');
  return builder;
}
