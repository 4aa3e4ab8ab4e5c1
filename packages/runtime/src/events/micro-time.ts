// metav1.MicroTime, which events.k8s.io/v1 requires for eventTime and series.lastObservedTime:
// RFC 3339 with exactly six fractional digits ("2006-01-02T15:04:05.000000Z").

export function formatMicroTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
