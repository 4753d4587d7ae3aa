import type { StepMessage } from './step-parts';
import type { Turn } from '../../domain/conversation';

/** Turns as the plain role/content messages judge steps take. */
export const toStepMessages = (turns: Turn[]): StepMessage[] => turns.map(({ role, content }) => ({ role, content }));

export const isBlank = (text: string | undefined): boolean => text === undefined || text.trim() === '';

/** The non-blank strings of a list, each once, in first-seen order. */
export const distinctNonBlank = (items: string[] | undefined): string[] => [...new Set((items ?? []).filter((s) => !isBlank(s)))];
