import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { Query } from './lists';

export interface FilterField {
  name: string;
  label: string;
  /** A choice among these values ('' = any); a text field without. */
  options?: readonly string[];
  /** `datetime-local`: sent as ISO 8601 in UTC. */
  type?: 'text' | 'datetime-local';
}

function toQuery(fields: FilterField[], values: Record<string, string>): Query {
  const query: Query = {};
  for (const field of fields) {
    const value = values[field.name]?.trim() ?? '';
    if (!value) continue;
    query[field.name] = field.type === 'datetime-local' ? new Date(value).toISOString() : value;
  }
  return query;
}

/** A row of a list's filters; applied on submit. */
export function Filters({
  fields,
  onApply,
  label,
}: {
  fields: FilterField[];
  onApply: (query: Query) => void;
  label: string;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (name: string, value: string) => setValues({ ...values, [name]: value });
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(toQuery(fields, values));
  }
  return (
    <form onSubmit={submit} aria-label={label}>
      <Group align="end" mb="sm" wrap="wrap">
        {fields.map((field) =>
          field.options ? (
            <NativeSelect
              key={field.name}
              label={field.label}
              data={[
                { value: '', label: 'any' },
                ...field.options.map((o) => ({ value: o, label: o })),
              ]}
              value={values[field.name] ?? ''}
              onChange={(event) => set(field.name, event.currentTarget.value)}
            />
          ) : (
            <TextInput
              key={field.name}
              label={field.label}
              type={field.type ?? 'text'}
              value={values[field.name] ?? ''}
              onChange={(event) => set(field.name, event.currentTarget.value)}
            />
          ),
        )}
        <Button type="submit" variant="light">
          Apply
        </Button>
      </Group>
    </form>
  );
}
