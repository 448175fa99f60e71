import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = Parameters<Storage['addValidationMetadata']>[0];
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const REMEMBERING = Symbol('rememberValidationRules');

/**
 * class-validator gathers a class's rules again on every validate call: it filters every rule it
 * holds, looks up the inherited ones and groups them by property, which was half of what
 * validating a query cost. A class's rules change only when a decorator adds one, so each
 * gathering is kept (per class and options) until a rule is added. The results are only read
 * by class-validator (filtered, never changed), so sharing them between calls is safe.
 */
export function rememberValidationRules(storage: Storage = getMetadataStorage()): void {
  const patched = storage as Storage & { [REMEMBERING]?: true };
  if (patched[REMEMBERING]) return;
  patched[REMEMBERING] = true;

  let gathered = new Map<string, ValidationMetadata[]>();
  let grouped = new WeakMap<ValidationMetadata[], Grouped>();
  const targets = new Map<unknown, number>();
  const gather = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    // Classes are told apart by a number of their own: a Map keyed on the class itself.
    let id = targets.get(target);
    if (id === undefined) targets.set(target, (id = targets.size));
    const key = `${id}|${schema}|${always}|${strictGroups}|${groups?.join(',') ?? ''}`;
    let rules = gathered.get(key);
    if (!rules) gathered.set(key, (rules = gather(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let byProperty = grouped.get(rules);
    if (!byProperty) grouped.set(rules, (byProperty = group(rules)));
    return byProperty;
  };
  storage.addValidationMetadata = (metadata) => {
    add(metadata);
    gathered = new Map();
    grouped = new WeakMap();
  };
}
