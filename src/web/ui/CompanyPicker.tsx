import { Select } from '@mantine/core';
import { useState } from 'react';
import { useSearchCompanies } from '../../api/companies/search-companies';

/** An admin's company picker: search companies by name; the current one stays listed (under `currentName` when known). */
export function CompanyPicker({ companyId, currentName, onChange, placeholder, testId }: {
  companyId: number | null;
  currentName?: string;
  onChange: (id: number | null) => void;
  placeholder: string;
  testId: string;
}) {
  const [name, setName] = useState('');
  const found = useSearchCompanies(name);
  const options = new Map<string, string>();
  if (companyId !== null) options.set(String(companyId), currentName ?? `Company ${companyId}`);
  for (const c of found.data ?? []) options.set(String(c.id), c.name);
  return (
    <Select
      label="Company"
      w={240}
      placeholder={placeholder}
      searchable
      clearable
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={companyId === null ? null : String(companyId)}
      onSearchChange={setName}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={name.trim() ? 'No company by that name' : 'Type a company name'}
      data-testid={testId}
    />
  );
}
