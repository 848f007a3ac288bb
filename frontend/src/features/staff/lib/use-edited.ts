import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';

/**
 * The record an editor page at `…/:id` edits: none for `…/new` (`fresh`), else the one loaded.
 * A record just created keeps its editor (and whatever it is doing) when the address changes
 * to its number: call `created` with it.
 */
export function useEdited<T>(queryKey: readonly unknown[], load: (id: number) => Promise<T>) {
  const { id } = useParams();
  const numeric = id === 'new' ? null : Number(id);
  const [createdId, created] = useState<number | null>(null);
  const fresh = numeric === null || numeric === createdId;
  const query = useQuery({
    queryKey: [...queryKey, 'one', numeric],
    queryFn: () => load(numeric ?? 0),
    enabled: !fresh && Number.isInteger(numeric) && numeric > 0,
    staleTime: 0,
  });
  return { fresh, query, created };
}
