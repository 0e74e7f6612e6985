/**
 * The slice of the database schema (supabase/migrations) that the web app reads, in the shape
 * `supabase gen types typescript` produces, so supabase-js types query results from the select
 * strings. Replace with the generated file once the schema types are generated for the repo.
 */
import type { ContentType } from '@sciai/core';

type Timestamp = string;

export type Database = {
  public: {
    Tables: {
      scientific_domains: {
        Row: {
          id: string;
          slug: string;
          name: string;
          parent_id: string | null;
          icon: string;
          color: string;
          description: string | null;
          order_index: number;
          created_at: Timestamp;
        };
        Insert: never;
        Update: never;
        Relationships: [
          {
            foreignKeyName: 'scientific_domains_parent_id_fkey';
            columns: ['parent_id'];
            isOneToOne: false;
            referencedRelation: 'scientific_domains';
            referencedColumns: ['id'];
          },
        ];
      };
      organizations: {
        Row: {
          id: string;
          name: string;
          type: string | null;
          size: string | null;
          website: string | null;
          description: string | null;
          logo_url: string | null;
          created_at: Timestamp;
          updated_at: Timestamp;
        };
        Insert: never;
        Update: never;
        Relationships: [];
      };
      content_items: {
        Row: {
          id: string;
          slug: string;
          title: string;
          description: string;
          short_description: string;
          content_type: ContentType;
          url: string | null;
          status: string;
          verified: boolean;
          featured: boolean;
          view_count: number;
          save_count: number;
          trending_score: number;
          year: number | null;
          tags: string[];
          key_features: string[];
          competitive_advantages: string[];
          organization_id: string | null;
          published_at: Timestamp | null;
          created_at: Timestamp;
          updated_at: Timestamp;
        };
        Insert: never;
        Update: never;
        Relationships: [
          {
            foreignKeyName: 'content_items_organization_id_fkey';
            columns: ['organization_id'];
            isOneToOne: false;
            referencedRelation: 'organizations';
            referencedColumns: ['id'];
          },
        ];
      };
      content_domains: {
        Row: {
          content_id: string;
          domain_id: string;
          is_primary: boolean;
        };
        Insert: never;
        Update: never;
        Relationships: [
          {
            foreignKeyName: 'content_domains_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'content_domains_domain_id_fkey';
            columns: ['domain_id'];
            isOneToOne: false;
            referencedRelation: 'scientific_domains';
            referencedColumns: ['id'];
          },
        ];
      };
      user_profiles: {
        Row: {
          id: string;
          display_name: string | null;
          first_name: string | null;
          last_name: string | null;
          avatar_url: string | null;
          bio: string | null;
          institution: string | null;
          orcid_id: string | null;
          research_interests: string[];
          verification_status: 'unverified' | 'pending' | 'verified';
          is_public: boolean;
          created_at: Timestamp;
          updated_at: Timestamp;
        };
        Insert: {
          id: string;
          display_name?: string | null;
          first_name?: string | null;
          last_name?: string | null;
          avatar_url?: string | null;
          bio?: string | null;
          institution?: string | null;
          orcid_id?: string | null;
          research_interests?: string[];
          is_public?: boolean;
        };
        Update: {
          display_name?: string | null;
          first_name?: string | null;
          last_name?: string | null;
          avatar_url?: string | null;
          bio?: string | null;
          institution?: string | null;
          orcid_id?: string | null;
          research_interests?: string[];
          is_public?: boolean;
        };
        Relationships: [];
      };
      waitlist_signups: {
        Row: {
          id: string;
          email: string;
          first_name: string | null;
          last_name: string | null;
          research_interests: string[];
          referral_source: string | null;
          additional_info: string | null;
          created_at: Timestamp;
        };
        Insert: {
          email: string;
          first_name?: string | null;
          last_name?: string | null;
          research_interests?: string[];
          referral_source?: string | null;
          additional_info?: string | null;
        };
        Update: never;
        Relationships: [];
      };
    };
    Views: {
      domain_counts: {
        Row: {
          domain_id: string;
          slug: string;
          count: number;
        };
        Relationships: [];
      };
    };
    Functions: {
      get_user_roles: {
        Args: { _user_id: string };
        Returns: string[];
      };
      public_site_settings: {
        Args: Record<string, never>;
        Returns: Record<string, unknown>;
      };
      search_items: {
        Args: {
          search?: string;
          domains?: string[];
          content_types?: string[];
          features?: string[];
          organization_sizes?: string[];
          year_from?: number | null;
          year_to?: number | null;
          sort_by?: string;
          page_offset?: number;
          page_size?: number;
        };
        // jsonb: read through core's SearchResultSchema
        Returns: unknown;
      };
    };
    Enums: Record<string, never>;
    CompositeTypes: Record<string, never>;
  };
};
