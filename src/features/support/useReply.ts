import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import type { Language } from '@/i18n/languages';
import type { CheckedCode } from './checkedCode';
import { replyText } from './replyText';

export type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; text: string };

/**
 * Replies for the chat in the language staff pick (the customer's, whatever the page's), copied to the
 * clipboard; where the browser refuses, the text is shown to copy by hand.
 */
export function useReply() {
  const { i18n } = useTranslation();
  const [language, setLanguage] = useState<Language>(() => languageOf(i18n));
  const [copy, setCopy] = useState<CopyState>({ kind: 'idle' });

  const copyReply = async (rows: CheckedCode[]) => {
    const text = replyText(rows, {
      t: i18n.getFixedT(language),
      language,
      now: new Date(),
      origin: window.location.origin,
    });
    try {
      await navigator.clipboard.writeText(text);
      setCopy({ kind: 'copied' });
    } catch {
      setCopy({ kind: 'failed', text });
    }
  };

  return {
    language,
    setLanguage,
    copy,
    copyReply: (rows: CheckedCode[]) => void copyReply(rows),
    resetCopy: () => setCopy({ kind: 'idle' }),
  };
}
