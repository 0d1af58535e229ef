import type { LangCode } from '@storyhouse/contracts';

/**
 * Words that end in a full stop without ending the sentence, by language.
 * The browser's sentence rules (Unicode's, without the locale's exceptions)
 * end a sentence at "Dr. Jones" or "Sr. García" before a capital: these are
 * joined back to the sentence they belong to. A single letter with a full
 * stop (an initial: "А. С. Пушкин", "C. S. Lewis") is joined too. Words that
 * as often end a sentence ("и т. д.", "in 1831 г.", "he said no.") are not
 * listed: a sentence cut in two is easier to notice and fix than two joined.
 */
const abbreviations: Record<LangCode, ReadonlySet<string>> = {
  en: new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'prof', 'rev', 'mt', 'vs', 'gen', 'capt', 'lt', 'col']),
  es: new Set(['sr', 'sra', 'srta', 'dr', 'dra', 'dña', 'ud', 'uds', 'sto', 'sta', 'fr', 'prof', 'gral', 'pág', 'núm']),
  ru: new Set(['ул', 'им', 'св', 'см', 'стр', 'тов', 'проф', 'акад', 'ср', 'рис', 'напр']),
};

/** The last word of a segment when the segment ends with it and a full stop ("…saw Dr. " gives "Dr"). */
const wordBeforeStop = (segment: string) => /(?:^|[\s("«„“'‘—-])(\p{L}+)\.\s*$/u.exec(segment)?.[1];

/** An initial: one capital letter. */
const isInitial = (word: string) => /^\p{Lu}$/u.test(word);

/**
 * A pasted text as its sentences, by the language's rules (Intl.Segmenter):
 * each trimmed, empty ones left out. A line break ends a sentence too (a
 * title, a verse), so what the volunteer sees on separate lines stays apart.
 */
export function splitSentences(text: string, lang: LangCode): string[] {
  const segmenter = new Intl.Segmenter(lang, { granularity: 'sentence' });
  const sentences: string[] = [];
  let pending = '';
  for (const { segment } of segmenter.segment(text)) {
    const joined = pending + segment;
    const word = wordBeforeStop(segment);
    const endsLine = /\n\s*$/.test(segment);
    if (!endsLine && word !== undefined && (isInitial(word) || abbreviations[lang].has(word.toLocaleLowerCase(lang)))) {
      pending = joined;
      continue;
    }
    pending = '';
    const sentence = joined.replace(/\s+/g, ' ').trim();
    if (sentence) sentences.push(sentence);
  }
  const rest = pending.replace(/\s+/g, ' ').trim();
  if (rest) sentences.push(rest);
  return sentences;
}
