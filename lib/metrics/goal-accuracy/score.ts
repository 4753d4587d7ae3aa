import { mean } from '../shared/threshold';

/**
 * Goal accuracy = (mean goal score + mean plan score) ÷ 2 over the interactions; each mean is 0
 * with no interaction (deepeval goal_accuracy.py:241-251, before strict mode).
 */
export const goalAccuracyScore = (goals: number[], plans: number[]): number => (mean(goals, 0) + mean(plans, 0)) / 2;
