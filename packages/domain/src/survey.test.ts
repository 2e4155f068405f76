import { describe, expect, it } from 'vitest';
import {
  SURVEY_SUBMIT_LOCK_MS,
  SURVEY_TEXT_MAX_LENGTH,
  type SurveyQuestion,
  surveyAutoSubmits,
  surveyBuildAnswers,
  surveyCanSubmit,
  surveyErrorText,
  surveyGeneralQuestion,
  surveyInitialAnswers,
  surveyReadAnswers,
  surveySetAnswer,
  surveyShowsReasons,
  surveySortQuestions,
  surveySplitOptions,
  surveyTextState,
  surveyValidate,
} from './survey';

const motivo: SurveyQuestion = {
  id: 'motivo',
  title: '¿Qué podemos mejorar?',
  type: 'multiselect',
  questionOrder: 1,
  options: ['Demora', 'Temperatura', 'Sabor', 'Empaque', 'Atención'],
};
const general: SurveyQuestion = {
  id: 'general',
  title: '¿Cómo calificarías tu pedido?',
  type: 'rating',
  questionOrder: 1,
  mandatory: true,
  priority: false,
  questionReasons: [motivo],
};
const recomendar: SurveyQuestion = {
  id: 'recomendar',
  title: '¿Nos recomendarías?',
  type: 'rating',
  questionOrder: 2,
};
const comentario: SurveyQuestion = {
  id: 'comentario',
  title: '¿Algo más para contarnos?',
  subTitle: 'Opcional',
  type: 'text',
  questionOrder: 3,
};
const questions = [comentario, recomendar, general];

describe('follow-up §2.3 Survey questions', () => {
  it('orders questions by questionOrder', () => {
    expect(surveySortQuestions(questions).map((q) => q.id)).toEqual(['general', 'recomendar', 'comentario']);
  });

  it('pre-fills the first rating from surveyGeneralNPSAnswer', () => {
    expect(surveyInitialAnswers(questions, '4')).toEqual({ general: 4 });
    expect(surveyInitialAnswers(questions, 9)).toEqual({});
    expect(surveyInitialAnswers(questions, '')).toEqual({});
    expect(surveyInitialAnswers(questions, null)).toEqual({});
    expect(surveyInitialAnswers([comentario], 3)).toEqual({});
  });
});

describe('follow-up §4.8 Ratings and reasons', () => {
  it.each([
    [1, true],
    [4, true],
    [5, false],
    [null, false],
    [2.5, false],
  ])('rating %s reveals reasons: %s', (rating, shows) => {
    expect(surveyShowsReasons(rating)).toBe(shows);
  });

  it('clears the reasons when the rating becomes 5 or empty', () => {
    const low = surveySetAnswer(questions, { general: 2 }, 'motivo', ['Demora']);
    expect(low).toEqual({ general: 2, motivo: ['Demora'] });
    expect(surveySetAnswer(questions, low, 'general', 5)).toEqual({ general: 5 });
    expect(surveySetAnswer(questions, low, 'general', null)).toEqual({ general: null });
    expect(surveySetAnswer(questions, low, 'general', 3)).toEqual({ general: 3, motivo: ['Demora'] });
  });
});

describe('follow-up §5 Survey validation', () => {
  it("asks for a mandatory question with 'La pregunta {title} es obligatoria'", () => {
    expect(surveyValidate(questions, {})).toEqual([
      {
        questionId: 'general',
        kind: 'MANDATORY',
        message: 'La pregunta ¿Cómo calificarías tu pedido? es obligatoria',
      },
    ]);
    expect(surveyValidate(questions, { general: 5 })).toEqual([]);
  });

  it('flags a text over 180 characters, with a counter', () => {
    expect(SURVEY_TEXT_MAX_LENGTH).toBe(180);
    expect(surveyTextState('x'.repeat(180))).toEqual({ counter: '180/180', overLimit: false });
    expect(surveyTextState('x'.repeat(181))).toEqual({ counter: '181/180', overLimit: true });
    expect(surveyValidate(questions, { general: 5, comentario: 'x'.repeat(181) })).toEqual([
      { questionId: 'comentario', kind: 'TOO_LONG', message: null },
    ]);
  });

  it('checks shown reasons only, and ratings in 1–5', () => {
    const strict = [{ ...general, questionReasons: [{ ...motivo, mandatory: true }] }];
    expect(surveyValidate(strict, { general: 2 }).map((e) => e.message)).toEqual([
      'La pregunta ¿Qué podemos mejorar? es obligatoria',
    ]);
    expect(surveyValidate(strict, { general: 5 })).toEqual([]);
    expect(surveyValidate([recomendar], { recomendar: 7 })).toEqual([
      { questionId: 'recomendar', kind: 'INVALID_RATING', message: null },
    ]);
    expect(surveyValidate([{ ...comentario, mandatory: true }], { comentario: '  ' })[0]?.kind).toBe(
      'MANDATORY',
    );
  });
});

describe('follow-up §2.3/§4.8 Submitting', () => {
  it('auto-submits on answering a priority question', () => {
    expect(surveyAutoSubmits({ priority: true }, 4)).toBe(true);
    expect(surveyAutoSubmits({ priority: true }, [])).toBe(false);
    expect(surveyAutoSubmits({ priority: false }, 4)).toBe(false);
  });

  it('locks submit for 1.5 s', () => {
    expect(SURVEY_SUBMIT_LOCK_MS).toBe(1500);
    expect(surveyCanSubmit(null, 0)).toBe(true);
    expect(surveyCanSubmit(1000, 2499)).toBe(false);
    expect(surveyCanSubmit(1000, 2500)).toBe(true);
  });

  it('builds the answers payload, reasons folded into their rating', () => {
    const answers = { general: 2, motivo: ['Demora', 'Temperatura'], recomendar: 5, comentario: '' };
    expect(
      surveyBuildAnswers(questions, answers, {
        surveyId: 's1',
        dinerOrderId: 'o1',
        orderingCustomerId: 'c1',
      }),
    ).toEqual([
      {
        questionTitle: '¿Cómo calificarías tu pedido?',
        answer: '2',
        orderingCustomerId: 'c1',
        surveyId: 's1',
        questionId: 'general',
        mandatory: true,
        dinerOrderId: 'o1',
        questionType: 'rating',
        priority: false,
        reason: 'Demora, Temperatura',
      },
      {
        questionTitle: '¿Nos recomendarías?',
        answer: '5',
        orderingCustomerId: 'c1',
        surveyId: 's1',
        questionId: 'recomendar',
        mandatory: false,
        dinerOrderId: 'o1',
        questionType: 'rating',
        priority: false,
        reason: null,
      },
    ]);
    expect(
      surveyBuildAnswers(
        [{ ...motivo, questionOrder: 9 }],
        { motivo: ['Sabor'] },
        { surveyId: 's', dinerOrderId: 'o' },
      )[0],
    ).toMatchObject({
      answer: 'Sabor',
      orderingCustomerId: null,
    });
  });
});

describe('follow-up §5 Survey validation on the server (issue 12)', () => {
  it('refuses options that are not the question’s, and reasons while they are hidden', () => {
    expect(surveyValidate(questions, { general: 2, motivo: ['Demora', 'Ruido'] })).toEqual([
      {
        questionId: 'motivo',
        kind: 'UNKNOWN_OPTION',
        message: 'Elige solo entre las opciones de la pregunta ¿Qué podemos mejorar?',
      },
    ]);
    expect(surveyValidate(questions, { general: 5, motivo: ['Demora'] })).toEqual([
      {
        questionId: 'motivo',
        kind: 'REASON_NOT_ALLOWED',
        message: 'Los motivos se indican solo con una calificación menor a 5',
      },
    ]);
    expect(surveyValidate(questions, { motivo: ['Demora'] }).map((error) => error.kind)).toEqual([
      'MANDATORY',
      'REASON_NOT_ALLOWED',
    ]);
  });

  it('words every error for the API', () => {
    expect(surveyErrorText({ questionId: 'c', kind: 'TOO_LONG', message: null })).toBe(
      'La respuesta puede tener hasta 180 caracteres',
    );
    expect(surveyErrorText({ questionId: 'r', kind: 'INVALID_RATING', message: null })).toBe(
      'La calificación debe ser un número del 1 al 5',
    );
    expect(surveyErrorText({ questionId: 'g', kind: 'MANDATORY', message: 'x' })).toBe('x');
  });

  it('splits a multiselect text into its options, even options holding a comma', () => {
    const options = ['Demora', 'Frío, tibio', 'Frío'];
    expect(surveySplitOptions('Demora, Frío, tibio', options)).toEqual(['Demora', 'Frío, tibio']);
    expect(surveySplitOptions('Frío, Demora', options)).toEqual(['Frío', 'Demora']);
    expect(surveySplitOptions('Demora, Demora', options)).toEqual(['Demora']);
    expect(surveySplitOptions('Demora, Ruido', options)).toBeNull();
    expect(surveySplitOptions('', options)).toBeNull();
  });

  it('reads back what surveyBuildAnswers sends', () => {
    const answers = { general: 2, motivo: ['Demora', 'Temperatura'], recomendar: 4, comentario: 'Frío' };
    const sent = surveyBuildAnswers(questions, answers, { surveyId: 1, dinerOrderId: 2 });
    expect(surveyReadAnswers(questions, sent)).toEqual({ answers, errors: [] });
    const top = surveyBuildAnswers(questions, { general: 5 }, { surveyId: 1, dinerOrderId: 2 });
    expect(surveyReadAnswers(questions, top)).toEqual({ answers: { general: 5 }, errors: [] });
  });

  it('names the answer object that cannot be read', () => {
    const { errors, answers } = surveyReadAnswers(questions, [
      { questionId: 'general', answer: 'cinco', reason: null },
      { questionId: 'otra', answer: '3' },
      { questionId: 'recomendar', answer: '5', reason: 'Demora' },
      { questionId: 'recomendar', answer: '4' },
    ]);
    expect(answers).toEqual({ recomendar: 5 });
    expect(errors).toEqual([
      { index: 0, field: 'answer', message: 'La calificación debe ser un número del 1 al 5' },
      { index: 1, field: 'questionId', message: 'La pregunta no pertenece a esta encuesta' },
      { index: 2, field: 'reason', message: 'Los motivos se indican solo con una calificación menor a 5' },
      { index: 3, field: 'questionId', message: 'La pregunta está respondida más de una vez' },
    ]);
    const unknown = surveyReadAnswers(questions, [{ questionId: 'general', answer: '2', reason: 'Ruido' }]);
    expect(unknown.errors).toEqual([
      {
        index: 0,
        field: 'reason',
        message: 'Elige solo entre las opciones de la pregunta ¿Qué podemos mejorar?',
      },
    ]);
    const multi = surveyReadAnswers([motivo], [{ questionId: 'motivo', answer: 'Ruido' }]);
    expect(multi.errors[0]?.field).toBe('answer');
    // Integer ids as the API gives them match string ids too.
    expect(surveyReadAnswers([{ ...recomendar, id: 7 }], [{ questionId: '7', answer: '3' }]).answers).toEqual(
      {
        7: 3,
      },
    );
  });

  it('takes the first top-level rating question as the general one', () => {
    expect(surveyGeneralQuestion(questions)?.id).toBe('general');
    expect(surveyGeneralQuestion([comentario])).toBeUndefined();
  });
});
