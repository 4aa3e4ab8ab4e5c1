// @peculiar/x509 loads tsyringe, which throws at import unless a Reflect metadata polyfill exists.
// tsyringe only needs get/getOwn/defineMetadata for its decorators, so a small WeakMap store does;
// this spares a dependency. Import this module before '@peculiar/x509'.
type MetadataMap = Map<unknown, unknown>;

interface ReflectMetadata {
  getMetadata?: (key: unknown, target: object) => unknown;
  getOwnMetadata?: (key: unknown, target: object) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: object) => void;
}

const reflect = Reflect as unknown as ReflectMetadata;

if (!reflect.getMetadata) {
  const store = new WeakMap<object, MetadataMap>();
  const own = (key: unknown, target: object): unknown => store.get(target)?.get(key);
  reflect.getOwnMetadata = own;
  reflect.getMetadata = (key, target) => {
    for (let t: object | null = target; t !== null; t = Object.getPrototypeOf(t) as object | null) {
      const map = store.get(t);
      if (map?.has(key)) return map.get(key);
    }
    return undefined;
  };
  reflect.defineMetadata = (key, value, target) => {
    let map = store.get(target);
    if (!map) store.set(target, (map = new Map()));
    map.set(key, value);
  };
}

export {};
