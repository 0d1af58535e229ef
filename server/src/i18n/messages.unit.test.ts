import { CaptionProblem, captionProblemMessage, errorCodes } from '@storyhouse/contracts';
import { describe, expect, it } from 'vitest';
import { translators } from './index';

/**
 * Every message the server can send has a catalog entry in every language
 * (the catalogs test checks the three catalogs agree; this checks they
 * cover what the server uses).
 */
describe('server messages', () => {
  it.each(['en', 'es', 'ru'] as const)('%s has a message for every error code', (lang) => {
    expect(errorCodes.filter((code) => !translators[lang].has(`errors.${code}`))).toEqual([]);
  });

  it.each(['en', 'es', 'ru'] as const)('%s has every field message the validation mapping produces', (lang) => {
    const keys = ['required', 'invalid', 'tooShort', 'tooLong', 'tooSmall', 'tooBig', 'unknownField', 'forbiddenCharacter'];

    expect(keys.filter((k) => !translators[lang].has(`validation.${k}`))).toEqual([]);
  });

  it.each(['en', 'es', 'ru'] as const)(
    '%s words every problem of a transcript or a caption file (the editor shows the same)',
    (lang) => {
      const missing = CaptionProblem.options.filter((problem) => !translators[lang].has(captionProblemMessage(problem)));
      expect(missing).toEqual([]);
    },
  );
});
