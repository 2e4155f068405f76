/**
 * The order survey's diner API (issue 12, follow-up §2.3, §3, §5, §7; ADR 031)
 * on PGlite and PostgreSQL: the location's survey, an order's summary, answers
 * checked by the page's rules with one message per field, only a delivered
 * order rated, and once per order — also with 20 submissions at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { surveyAnswers, surveyResponses, surveys } from '../src/db/schema/platform';
import { CHISPA_OWNER, staffLogin } from './support/console-fixture';
import { locationIds } from './support/order-fixture';
import { surveyScene } from './support/survey-fixture';
import { testDatabaseKinds } from './support/test-app';

describe.each(testDatabaseKinds())('order survey on %s', (kind) => {
  const scene = surveyScene(kind);
  const { ctx } = scene;
  const GENERAL = '¿Cómo calificarías tu pedido?';
  const REASON = '¿Qué podemos mejorar?';
  const RECOMMEND = '¿Nos recomendarías?';
  const COMMENT = '¿Algo más para contarnos?';

  describe('reads', () => {
    it('gives the location’s survey: questions by questionOrder, reasons under their rating', async () => {
      const survey = await scene.survey(scene.palermo.id);
      expect(survey.active).toBe(true);
      expect(survey.branchContactId).toBe(scene.palermo.id);
      expect(survey.questions.map((question) => [question.title, question.type, question.mandatory])).toEqual(
        [
          [GENERAL, 'rating', true],
          [RECOMMEND, 'rating', false],
          [COMMENT, 'text', false],
        ],
      );
      expect(survey.questions[0]?.questionReasons).toEqual([
        expect.objectContaining({
          title: REASON,
          type: 'multiselect',
          options: ['Demora', 'Temperatura', 'Sabor', 'Empaque', 'Atención'],
        }),
      ]);
      expect(survey.questions[2]?.subTitle).toBe('Opcional');
      // Belgrano shares Palermo’s branch, so its survey.
      expect((await scene.survey(scene.belgrano.id)).id).toBe(survey.id);
    });

    it('answers 404 for a location without a survey or unknown, 400 for a bad id', async () => {
      for (const [url, status] of [
        [`/api/survey/${scene.cafe.id}`, 404],
        ['/api/survey/999999', 404],
        ['/api/survey/0', 400],
        ['/api/survey/order/NO-EXISTE', 404],
      ] as const) {
        const answer = await ctx.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(status);
      }
      const cafe = await ctx.app.inject({ method: 'GET', url: `/api/survey/${scene.cafe.id}` });
      expect(cafe.json().message).toBe('Este local no tiene una encuesta');
    });

    it('summarises an order before and after its answer', async () => {
      const order = await scene.order(scene.palermo);
      expect((await scene.summary(order.code)).body).toEqual({
        orderHasResponse: false,
        generalNPSAnswer: null,
        delivered: true,
        branchContactId: scene.palermo.id,
      });
      const survey = await scene.survey(scene.palermo.id);
      const sent = await scene.submit(order.code, scene.answersOf(survey, order, { [GENERAL]: 4 }));
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body).toEqual({ orderHasResponse: true, generalNPSAnswer: 4 });
      expect((await scene.summary(order.code.toLowerCase())).body).toMatchObject({
        orderHasResponse: true,
        generalNPSAnswer: 4,
      });
    });
  });

  describe('submitting', () => {
    it('refuses an order that was not delivered, and keeps nothing', async () => {
      for (const status of ['GENERATED', 'READY'] as const) {
        const order = await scene.order(scene.palermo, status);
        const survey = await scene.survey(scene.palermo.id);
        const sent = await scene.submit(order.code, scene.answersOf(survey, order, { [GENERAL]: 5 }));
        expect(sent.status).toBe(409);
        expect(sent.body.message).toBe('Podrás calificar tu pedido cuando te lo hayan entregado');
        expect((await scene.summary(order.code)).body).toMatchObject({
          orderHasResponse: false,
          delivered: false,
        });
      }
      expect((await scene.submit('NO-EXISTE', [{ questionId: 1, answer: '5' }])).status).toBe(404);
    });

    it('shows an inactive survey but takes no answers to it', async () => {
      const order = await scene.order(scene.palermo);
      const survey = await scene.survey(scene.palermo.id);
      const db = ctx.database.db;
      await db.update(surveys).set({ active: false }).where(eq(surveys.id, survey.id));
      try {
        expect((await scene.survey(scene.palermo.id)).active).toBe(false);
        const sent = await scene.submit(order.code, scene.answersOf(survey, order, { [GENERAL]: 5 }));
        expect(sent.status).toBe(409);
        expect(sent.body.message).toBe('La encuesta de este local no está disponible');
      } finally {
        await db.update(surveys).set({ active: true }).where(eq(surveys.id, survey.id));
      }
      expect((await scene.submit(order.code, scene.answersOf(survey, order, { [GENERAL]: 5 }))).status).toBe(
        201,
      );
    });

    it('names every field that breaks a rule, with the spec’s and our Spanish texts', async () => {
      const order = await scene.order(scene.palermo);
      const survey = await scene.survey(scene.palermo.id);
      const id = (title: string) => scene.idOf(survey, title);
      const cases: [unknown[], Record<string, string>][] = [
        [
          [{ questionId: id(RECOMMEND), answer: '4' }],
          { [`questions.${id(GENERAL)}`]: `La pregunta ${GENERAL} es obligatoria` },
        ],
        [
          scene.answersOf(survey, order, { [GENERAL]: 5, [COMMENT]: 'x'.repeat(181) }),
          { [`questions.${id(COMMENT)}`]: 'La respuesta puede tener hasta 180 caracteres' },
        ],
        [
          [{ questionId: id(GENERAL), answer: '5', reason: 'Demora' }],
          { 'answers[0].reason': 'Los motivos se indican solo con una calificación menor a 5' },
        ],
        [
          [{ questionId: id(GENERAL), answer: '2', reason: 'Demora, Ruido' }],
          { 'answers[0].reason': `Elige solo entre las opciones de la pregunta ${REASON}` },
        ],
        [
          [
            { questionId: id(GENERAL), answer: '7' },
            { questionId: 999999, answer: '3' },
          ],
          {
            'answers[1].questionId': 'La pregunta no pertenece a esta encuesta',
            [`questions.${id(GENERAL)}`]: 'La calificación debe ser un número del 1 al 5',
          },
        ],
        [
          [{ questionId: id(GENERAL), answer: '3', surveyId: survey.id + 1000, dinerOrderId: order.id + 1 }],
          {
            'answers[0].surveyId': 'No es la encuesta de este pedido',
            'answers[0].dinerOrderId': 'No es el pedido de la dirección',
          },
        ],
        [
          [
            { questionId: id(GENERAL), answer: '3' },
            { questionId: id(GENERAL), answer: '4' },
          ],
          { 'answers[1].questionId': 'La pregunta está respondida más de una vez' },
        ],
        [[], { 'body.answers': 'debe tener al menos 1 elementos' }],
      ];
      for (const [answers, fields] of cases) {
        const sent = await scene.submit(order.code, answers);
        expect(sent.status, JSON.stringify(answers)).toBe(400);
        expect(sent.body.fields, JSON.stringify(answers)).toEqual(fields);
      }
      // Nothing was kept: the diner can still answer.
      expect((await scene.summary(order.code)).body.orderHasResponse).toBe(false);
      const good = scene.answersOf(survey, order, { [GENERAL]: 5, [COMMENT]: 'x'.repeat(180) });
      expect((await scene.submit(order.code, good)).status).toBe(201);
    });

    it('stores the answers with the server’s titles and the reasons of a low rating', async () => {
      const order = await scene.order(scene.palermo);
      const survey = await scene.survey(scene.palermo.id);
      const answers = scene
        .answersOf(survey, order, {
          [GENERAL]: 2,
          [REASON]: ['Demora', 'Temperatura'],
          [RECOMMEND]: 3,
          [COMMENT]: 'Llegó frío',
        })
        .map((answer) => ({ ...answer, questionTitle: 'otro título', mandatory: false }));
      expect((await scene.submit(order.code, answers)).status).toBe(201);
      const db = ctx.database.db;
      const [response] = await db.select().from(surveyResponses).where(eq(surveyResponses.orderId, order.id));
      expect(response).toMatchObject({
        rating: 2,
        reasons: ['Demora', 'Temperatura'],
        branchContactId: scene.palermo.id,
      });
      const stored = await db.select().from(surveyAnswers).where(eq(surveyAnswers.orderId, order.id));
      expect(stored.map((row) => [row.questionTitle, row.answer, row.reason, row.mandatory]).sort()).toEqual(
        [
          [GENERAL, '2', 'Demora, Temperatura', true],
          [RECOMMEND, '3', null, false],
          [COMMENT, 'Llegó frío', null, false],
        ].sort(),
      );
    });

    it('answers an order only with its own company’s survey', async () => {
      const chispaPalermo = await locationIds(ctx, 'chispa-palermo');
      const chispaToken = await staffLogin(ctx, CHISPA_OWNER);
      const order = await scene.order(chispaPalermo, 'DELIVERED', {}, chispaToken);
      const fuego = await scene.survey(scene.palermo.id);
      const chispa = await scene.survey(chispaPalermo.id);
      expect(chispa.id).not.toBe(fuego.id);
      const withFuegoIds = await scene.submit(order.code, scene.answersOf(fuego, order, { [GENERAL]: 5 }));
      expect(withFuegoIds.status).toBe(400);
      expect(withFuegoIds.body.fields).toEqual({
        'answers[0].surveyId': 'No es la encuesta de este pedido',
        'answers[0].questionId': 'La pregunta no pertenece a esta encuesta',
        [`questions.${scene.idOf(chispa, GENERAL)}`]: `La pregunta ${GENERAL} es obligatoria`,
      });
      const own = await scene.submit(order.code, scene.answersOf(chispa, order, { [GENERAL]: 5 }));
      expect(own.status).toBe(201);
      // Fuego’s figures never count it.
      const figures = await ctx.app.inject({
        method: 'GET',
        url: '/api/console/survey-nps',
        headers: { authorization: `Bearer ${scene.ownerToken}` },
      });
      const ids = figures
        .json()
        .locations.map((location: { branchContactId: number }) => location.branchContactId);
      expect(ids).not.toContain(chispaPalermo.id);
    });

    it('takes one of 20 submissions at once and refuses the others with a clear message', async () => {
      const order = await scene.order(scene.palermo);
      const survey = await scene.survey(scene.palermo.id);
      const answers = scene.answersOf(survey, order, { [GENERAL]: 3, [REASON]: ['Sabor'] });
      const results = await Promise.all(Array.from({ length: 20 }, () => scene.submit(order.code, answers)));
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      for (const refused of results.filter((result) => result.status === 409))
        expect(refused.body).toEqual({
          error: 'Conflict',
          message: 'Ya respondiste la encuesta de este pedido. ¡Gracias!',
        });
      const db = ctx.database.db;
      expect(
        await db.select().from(surveyResponses).where(eq(surveyResponses.orderId, order.id)),
      ).toHaveLength(1);
      expect(await db.select().from(surveyAnswers).where(eq(surveyAnswers.orderId, order.id))).toHaveLength(
        1,
      );
      // And later too.
      expect((await scene.submit(order.code, answers)).status).toBe(409);
    });
  });
});
