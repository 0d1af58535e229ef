import { describe, expect, it } from 'vitest';
import { splitSentences } from './transcript-sentences';

describe('splitSentences', () => {
  it('splits English at full stops, questions and exclamations, keeping titles with their names', () => {
    expect(splitSentences('Mr. Smith built a boat. Did it float? It did! Dr. Jones said so.', 'en')).toEqual([
      'Mr. Smith built a boat.',
      'Did it float?',
      'It did!',
      'Dr. Jones said so.',
    ]);
  });

  it('keeps an initial, a decimal and an ellipsis inside the sentence', () => {
    expect(splitSentences('C. S. Lewis wrote it in 1.5 years. Then... they read it.', 'en')).toEqual([
      'C. S. Lewis wrote it in 1.5 years.',
      'Then... they read it.',
    ]);
  });

  it('ends a sentence at a line break and drops blank lines and extra spaces', () => {
    expect(splitSentences('  Noah and the Boat\n\n   God spoke   to Noah.  \n', 'en')).toEqual([
      'Noah and the Boat',
      'God spoke to Noah.',
    ]);
  });

  it('keeps Spanish questions and exclamations whole, ¿ and ¡ included, and its titles with their names', () => {
    expect(
      splitSentences('¿Dónde estás, Jonás? Aquí estoy. El Sr. García llegó. ¡Qué alegría! La Dra. Ruiz sonrió.', 'es'),
    ).toEqual(['¿Dónde estás, Jonás?', 'Aquí estoy.', 'El Sr. García llegó.', '¡Qué alegría!', 'La Dra. Ruiz sonrió.']);
  });

  it('does not end a Spanish sentence at an abbreviation before a small letter', () => {
    expect(splitSentences('Trajo panes, peces, etc. y todos comieron. Fin.', 'es')).toEqual([
      'Trajo panes, peces, etc. y todos comieron.',
      'Fin.',
    ]);
  });

  it('splits Russian, keeping initials, св. and т. е. with their sentence, and ending one at и т. д.', () => {
    expect(
      splitSentences(
        'А. С. Пушкин написал сказку. Там был св. Николай. Моисей, т. е. пророк, молился! Пели, читали и т. д. Правда?',
        'ru',
      ),
    ).toEqual([
      'А. С. Пушкин написал сказку.',
      'Там был св. Николай.',
      'Моисей, т. е. пророк, молился!',
      'Пели, читали и т. д.',
      'Правда?',
    ]);
  });

  it('gives nothing for an empty or blank text', () => {
    expect(splitSentences('', 'en')).toEqual([]);
    expect(splitSentences(' \n\t ', 'ru')).toEqual([]);
  });
});
