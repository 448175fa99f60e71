import 'reflect-metadata';
import { IsString, MetadataStorage, validateSync } from 'class-validator';
import { rememberValidationRules } from './remembered-rules';

describe('rememberValidationRules', () => {
  it("gathers a class's rules once, and again after a rule is added", () => {
    const storage = new MetadataStorage();
    const gather = jest.spyOn(storage, 'getTargetValidationMetadatas');
    rememberValidationRules(storage);
    class Base {}
    const first = storage.getTargetValidationMetadatas(Base, '', false, false);
    expect(storage.getTargetValidationMetadatas(Base, '', false, false)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(gather).toHaveBeenCalledTimes(1);

    // A decorator of a class defined later adds a rule: what was gathered before is gathered again.
    storage.addValidationMetadata({ target: Base, propertyName: 'name', type: 'customValidation' } as never);
    expect(storage.getTargetValidationMetadatas(Base, '', false, false)).toHaveLength(1);
    expect(gather).toHaveBeenCalledTimes(2);
  });

  it('keeps class-validator answering as before on the global storage', () => {
    rememberValidationRules();
    rememberValidationRules();
    class Named {
      @IsString()
      name!: unknown;
    }
    const bad = Object.assign(new Named(), { name: 1 });
    expect(validateSync(bad).map((error) => error.property)).toEqual(['name']);
    expect(validateSync(Object.assign(new Named(), { name: 'x' }))).toEqual([]);
  });
});
