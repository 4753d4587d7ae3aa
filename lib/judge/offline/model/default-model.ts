import weights from './support-weights.json';
import { supportModelSchema, type SupportModel } from './logistic';

/** The support model shipped with the judge, fitted by `npm run fit:offline-judge`. */
export const defaultSupportModel: SupportModel = supportModelSchema.parse(weights);
