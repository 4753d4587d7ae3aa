import { banking } from './banking';
import { insurance } from './insurance';
import { productSupport } from './product-support';
import { telecom } from './telecom';
import { travel } from './travel';
import type { Topic } from './types';

export const TOPICS: readonly Topic[] = [banking, travel, productSupport, insurance, telecom];
export type { Topic, DocumentSpec, FactSpec, Params } from './types';
