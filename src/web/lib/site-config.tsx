import { createContext, useContext } from 'react';
import type { SiteConfig } from '../../domain/render';

const SiteConfigContext = createContext<SiteConfig>({ publicUrl: '', showAdminLink: true });

export const SiteConfigProvider = SiteConfigContext.Provider;

/** Site-wide settings from the server (public URL, whether admin links show on public pages). */
export const useSiteConfig = () => useContext(SiteConfigContext);
