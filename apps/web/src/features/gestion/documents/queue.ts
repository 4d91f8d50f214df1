import {
  CONSOLE_DOCUMENT_KINDS,
  type ConsoleDocumentAudience,
  consoleDocumentKind,
} from '@tantieme/contract';
import type { FileStep } from './upload';
import { problemOf } from './upload';

/** A file waiting in the page's list: its choices, and where its upload is. */
export interface QueueItem {
  key: string;
  file: File;
  name: string;
  date: string;
  audience: ConsoleDocumentAudience;
  kind: string | null;
  ownerId: string | null;
  type: string | null;
  /** Replacing this document (its name shown); its place is kept. */
  replaces: { id: string; name: string } | null;
  step: FileStep;
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
const stem = (name: string) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name);
let n = 0;

/** New items for dropped files: the kind asked (a missing item's « Ajouter ») or « Autre ». */
export function itemsOf(
  files: File[],
  preset: { kind?: string; replaces?: { id: string; name: string } } = {},
): QueueItem[] {
  const kind = consoleDocumentKind(preset.kind ?? 'autre') ?? CONSOLE_DOCUMENT_KINDS[0];
  return files.map((file) => {
    const problem = problemOf(file);
    return {
      key: `f${++n}`,
      file,
      name: preset.replaces?.name ?? (preset.kind ? kind.label : stem(file.name)),
      date: today(),
      audience: kind.audience,
      kind: kind.code,
      ownerId: null,
      type: null,
      replaces: preset.replaces ?? null,
      step: problem ? { kind: 'error', message: problem } : { kind: 'ready' },
    };
  });
}

/** Whether the item can go: not sent yet (or refused and corrected) and its choices complete. */
export const canSend = (i: QueueItem) =>
  (i.step.kind === 'ready' || (i.step.kind === 'error' && !problemOf(i.file))) &&
  i.name.trim() !== '' &&
  (i.replaces !== null || (i.audience === 'coproprietaire' ? !!i.ownerId && !!i.type : !!i.kind));
