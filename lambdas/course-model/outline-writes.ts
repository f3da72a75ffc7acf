import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import type { ModulePlan, OutlineModule } from './course-items';
import { courseKey, lessonKey } from './course-keys';

// The outline's writes (issue 42): the outline streams, and each module is stored as soon as it is
// complete and valid (the learner sees it, its lessons may start), then the whole outline is
// completed when the answer ends. A module is appended in one transaction with its lessons'
// `pendiente` items, on condition that it is the next one (`size(modulos) = index`), so modules are
// stored in order, once, and never half. The course item says `temarioParcial` until the outline is
// complete: a resumed run keeps the modules already stored and writes only the rest.

/** The course's own fields, at the top of the outline. */
export interface OutlineHeader {
  titulo: string;
  descripcion: string;
  objetivos: string[];
}

/** The run's condition on the course (generation-store.ts runCondition) and its error mapping. */
export interface RunGuard {
  owns: { expression: string; values: Record<string, unknown> };
  asRun: <T>(write: Promise<T>) => Promise<T>;
}

export interface OutlineWrites {
  /** Appends module `index` (the next one) with its lessons' pendiente items; with the course's header when already known. */
  saveModule(userId: string, courseId: string, index: number, module: OutlineModule, header?: OutlineHeader): Promise<void>;
  /** Completes the plan of module `index`, stored before its plan was written (`planPendiente`): once, and only that module. */
  completeModulePlan(userId: string, courseId: string, index: number, plan: ModulePlan): Promise<void>;
  /** Stores the modules from `stored` on (those not stored while streaming), then the header, the real lesson total and the mode: the outline is complete. */
  completeOutline(userId: string, courseId: string, o: OutlineHeader & { modulos: OutlineModule[] }, opts: { stored: number; demo: boolean }): Promise<void>;
}

const now = () => clock.now().toISOString();

export function dynamoOutlineWrites(db: DynamoDBDocumentClient, TableName: string, { owns, asRun }: RunGuard): OutlineWrites {
  const writes: OutlineWrites = {
    async saveModule(userId, courseId, index, module, header) {
      const first = index === 0;
      const heading = header ? ', titulo = :t, descripcion = :d, objetivos = :o' : '';
      // The first module starts the outline: new lessons, so their progress starts over (lesson-progress.ts).
      const update = first
        ? `SET modulos = :one, completadasPorModulo = :zeros, temarioParcial = :yes, updatedAt = :now${heading} REMOVE progresoLecciones`
        : `SET modulos = list_append(modulos, :one), completadasPorModulo.#m = :zero, temarioParcial = :yes, updatedAt = :now${heading}`;
      const lessons = module.lecciones.map((l) => ({
        Put: { TableName, Item: { ...lessonKey(userId, courseId, module.moduleId, l.lessonId), courseId, moduleId: module.moduleId, lessonId: l.lessonId, estado: 'pendiente', progreso: 'pendiente' } },
      }));
      await asRun(
        db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName,
                  Key: courseKey(userId, courseId),
                  UpdateExpression: update,
                  ConditionExpression: `attribute_exists(pk) AND ${first ? '(attribute_not_exists(modulos) OR size(modulos) = :index)' : 'size(modulos) = :index'}${owns.expression}`,
                  ...(!first && { ExpressionAttributeNames: { '#m': module.moduleId } }),
                  ExpressionAttributeValues: {
                    ...owns.values,
                    ':one': [module],
                    ':index': index,
                    ':yes': true,
                    ':now': now(),
                    ...(first ? { ':zeros': { [module.moduleId]: 0 } } : { ':zero': 0 }),
                    ...(header && { ':t': header.titulo, ':d': header.descripcion, ':o': header.objetivos }),
                  },
                },
              },
              ...lessons,
            ],
          }),
        ),
      );
    },

    async completeModulePlan(userId, courseId, index, plan) {
      // The index is a number of ours (never the model's text): a document path may not take it as a value.
      const at = `modulos[${Math.trunc(index)}]`;
      await asRun(
        db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: `SET ${at}.#plan = :plan, updatedAt = :now REMOVE ${at}.#pending`,
            ConditionExpression: `attribute_exists(pk) AND ${at}.#pending = :yes${owns.expression}`,
            ExpressionAttributeNames: { '#plan': 'plan', '#pending': 'planPendiente' },
            ExpressionAttributeValues: { ...owns.values, ':plan': plan, ':yes': true, ':now': now() },
          }),
        ),
      );
    },

    async completeOutline(userId, courseId, o, { stored, demo }) {
      for (let i = stored; i < o.modulos.length; i++) await writes.saveModule(userId, courseId, i, o.modulos[i]);
      await asRun(
        db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: 'SET titulo = :t, descripcion = :d, objetivos = :o, totalLecciones = :n, modo = :modo, updatedAt = :now REMOVE temarioParcial',
            ConditionExpression: `attribute_exists(pk) AND size(modulos) = :count${owns.expression}`,
            ExpressionAttributeValues: {
              ...owns.values,
              ':t': o.titulo,
              ':d': o.descripcion,
              ':o': o.objetivos,
              ':n': o.modulos.reduce((n, m) => n + m.lecciones.length, 0),
              ':count': o.modulos.length,
              ':modo': demo ? 'demostracion' : 'ia',
              ':now': now(),
            },
          }),
        ),
      );
    },
  };
  return writes;
}
