export { createEventRecorder, objectReference } from './recorder.ts';
export type {
  EventInput,
  EventLogger,
  EventObjectReference,
  EventRecorder,
  EventRecorderOptions,
  EventRecorderStats,
  EventType,
} from './recorder.ts';
export { formatMicroTime } from './micro-time.ts';
