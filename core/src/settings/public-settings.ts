/** The settings any visitor may read (site_settings rows marked public). */
export interface PublicSettings {
  sampleDataBanner: boolean;
  registrationOpen: boolean;
}

/**
 * public_site_settings()'s JSON object as the app reads it, in the browser and in the gateway's
 * first HTML alike: a setting missing from it keeps its default.
 */
export function readPublicSettings(value: unknown): PublicSettings {
  const settings = new Map<string, unknown>(
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [],
  );
  return {
    sampleDataBanner: settings.get('sample_data_banner') === true,
    // Sign-up stays open unless an administrator closes it explicitly.
    registrationOpen: settings.get('registration_open') !== false,
  };
}
