import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { requiredString } from '../fields.js';

export const addressSchema = z.object({
  full_address: z.string().nullable().optional(),
  number: z.string().nullable().optional(),
  street: z.string().nullable().optional(),
  zip_code: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
});
export type Address = z.infer<typeof addressSchema>;

/** User as the API presents it (SPEC §3). Never carries the password hash. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  address: addressSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const loginBody = z.object({
  email: requiredString.max(254),
  password: z.string({ error: 'Ce champ est requis.' }).min(1, { error: 'Ce champ est requis.' }).max(128),
});

export const sessionSchema = z.object({ token: z.string(), user: userSchema });

export const identityEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with e-mail and password',
    tags: ['auth'],
    auth: false,
    body: loginBody,
    response: okEnvelope(sessionSchema),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke the bearer token',
    tags: ['auth'],
    response: okEnvelope(z.object({ ok: z.boolean() })),
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/accounts/profile',
    summary: 'The signed-in user',
    tags: ['accounts'],
    response: okEnvelope(userSchema),
  }),
};
