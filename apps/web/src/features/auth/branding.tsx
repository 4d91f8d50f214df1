import { Center, Skeleton } from '@mantine/core';
import { identityEndpoints, PRODUCT_NAME } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api';
import { SYNDIC_ALIAS_KEY } from '../../app/session';
import { PRODUCT_LOGO_SRC } from '../../ui/logo';

/** Branding of a syndic alias (SPEC §1): its logo, or the product's when it uses the default. */
export function useSyndicBranding(alias: string | null | undefined) {
  return useQuery({
    queryKey: ['syndic-branding', alias],
    enabled: !!alias,
    queryFn: () => api.call(identityEndpoints.syndicAlias, { params: { alias: alias! } }),
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/** The logo at the top of the public pages; remembers the alias for later redirects. */
export function BrandLogo({ alias, size = 64 }: { alias?: string | null; size?: number }) {
  const b = useSyndicBranding(alias);
  useEffect(() => {
    if (alias) localStorage.setItem(SYNDIC_ALIAS_KEY, alias);
  }, [alias]);
  if (alias && b.isLoading) return <Skeleton h={size} w={size * 2} mx="auto" />;
  const own = b.data && !b.data.use_synple && b.data.source_url;
  return (
    <Center>
      {own ? (
        <img
          src={b.data!.source_url!}
          alt={b.data!.name}
          data-testid="syndic-logo"
          style={{ maxHeight: size, maxWidth: '70%', objectFit: 'contain' }}
        />
      ) : (
        <img
          src={PRODUCT_LOGO_SRC}
          alt={PRODUCT_NAME}
          width={size}
          height={size}
          data-testid="product-logo"
        />
      )}
    </Center>
  );
}
