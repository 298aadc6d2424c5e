import { type QueryClient, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { Country } from '../../../../shared/contract/countries';
import { apiCall } from '../api';
import { readJson, readStorage, storageKeys, writeStorage } from '../storage';
import {
  type GeoDetection,
  isDetectionFresh,
  isGeoDetection,
  resolveCountry,
} from './countryRules';

export interface CountryContextValue {
  /** Active countries ordered by name. */
  countries: Country[];
  /** The selected country, or null while none could be chosen. */
  country: Country | null;
  setCountry(id: string): void;
  favoriteId: string | null;
  /** Pins `id` as the permanent favourite (and selects it), or unpins it when it already is. */
  toggleFavorite(id: string): void;
  /** The country list is loading. */
  loading: boolean;
  /** The IP detection is running. */
  detecting: boolean;
  /** No country is selected because the detection gave nothing usable or failed. */
  detectionFailed: boolean;
}

const CountryContext = createContext<CountryContextValue | null>(null);

export const countriesQueryKey = ['countries'] as const;
const detectionQueryKey = ['detectCountry'] as const;

/** The country list, as CountryProvider and the start-up's prefetch (prefetchCountry) ask for it. */
const countriesQueryDef = {
  queryKey: countriesQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiCall('listCountries', { signal }),
  staleTime: 10 * 60_000,
};

/** IP detection, reusing the answer stored in `geo_detection` for 24 hours. */
async function detectCountry(): Promise<GeoDetection> {
  const cached = readJson(storageKeys.geoDetection, isGeoDetection);
  if (isDetectionFresh(cached, Date.now())) return cached;
  const { code } = await apiCall('detectCountry');
  const result: GeoDetection = { code: code ? code.toUpperCase() : null, checkedAt: Date.now() };
  // A null answer is cached too: asking again within the day would give the same answer.
  // Network failures throw and are not cached, so the next visit tries again.
  writeStorage(storageKeys.geoDetection, JSON.stringify(result));
  return result;
}

const detectionQuery = {
  queryKey: detectionQueryKey,
  queryFn: detectCountry,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
};

/**
 * The country the app starts with, fetched into the query cache before the first render (see
 * main.tsx): the same queries and the same rules as CountryProvider at mount (a favourite, else
 * the stored choice, else the IP detection), so the provider finds their answers cached and
 * the first screen renders once, with its country, instead of again when each answer lands.
 */
export async function prefetchCountry(client: QueryClient): Promise<Country | null> {
  const favorite = readStorage(storageKeys.favoriteCountry);
  const stored = readStorage(storageKeys.selectedCountry);
  // Nothing stored: the detection is needed, so it runs alongside the list.
  const detecting = favorite || stored ? null : client.fetchQuery(detectionQuery);
  const { countries } = await client.fetchQuery(countriesQueryDef);
  const chosen = resolveCountry({ favorite, stored, detected: null, countries });
  if (chosen) return chosen;
  const detected = await (detecting ?? client.fetchQuery(detectionQuery));
  return resolveCountry({ favorite: null, stored: null, detected: detected.code, countries });
}

export function CountryProvider({ children }: { children: ReactNode }) {
  const countriesQuery = useQuery(countriesQueryDef);
  const countries = useMemo(() => countriesQuery.data?.countries ?? [], [countriesQuery.data]);

  const [favoriteId, setFavoriteId] = useState(() => readStorage(storageKeys.favoriteCountry));
  const [selectedId, setSelectedId] = useState(() => readStorage(storageKeys.selectedCountry));
  // A choice made in this visit wins over the favourite until the next visit.
  const [choseThisVisit, setChoseThisVisit] = useState(false);
  const favorite = choseThisVisit ? null : favoriteId;

  const fromStorage = countriesQuery.isSuccess
    ? resolveCountry({ favorite, stored: selectedId, detected: null, countries })
    : null;
  const needsDetection = countriesQuery.isSuccess && fromStorage === null;

  const detection = useQuery({ ...detectionQuery, enabled: needsDetection });

  const country =
    fromStorage ??
    (needsDetection && detection.data
      ? resolveCountry({ favorite: null, stored: null, detected: detection.data.code, countries })
      : null);

  // A code we do not serve counts as a failed detection: the user has to pick a country.
  const detectionFailed =
    needsDetection && country === null && (detection.isError || detection.isSuccess);

  const setCountry = useCallback((id: string) => {
    writeStorage(storageKeys.selectedCountry, id);
    setSelectedId(id);
    setChoseThisVisit(true);
  }, []);

  const toggleFavorite = useCallback(
    (id: string) => {
      if (favoriteId === id) {
        writeStorage(storageKeys.favoriteCountry, null);
        setFavoriteId(null);
        return;
      }
      writeStorage(storageKeys.favoriteCountry, id);
      setFavoriteId(id);
      setCountry(id);
    },
    [favoriteId, setCountry],
  );

  const value = useMemo<CountryContextValue>(
    () => ({
      countries,
      country,
      setCountry,
      favoriteId,
      toggleFavorite,
      loading: countriesQuery.isPending,
      detecting: needsDetection && detection.isFetching,
      detectionFailed,
    }),
    [
      countries,
      country,
      setCountry,
      favoriteId,
      toggleFavorite,
      countriesQuery.isPending,
      needsDetection,
      detection.isFetching,
      detectionFailed,
    ],
  );

  return <CountryContext.Provider value={value}>{children}</CountryContext.Provider>;
}

export function useCountry(): CountryContextValue {
  const value = useContext(CountryContext);
  if (!value) throw new Error('useCountry must be used inside <CountryProvider>');
  return value;
}
