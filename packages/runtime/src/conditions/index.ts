export {
  allObserved,
  findCondition,
  formatTime,
  isFalse,
  isTrue,
  isUnknown,
  removeCondition,
  setCondition,
  setConditions,
} from './conditions.ts';
export type { Condition, ConditionInput, ConditionStatus } from './conditions.ts';
