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
      content_submissions: {
        Row: {
          id: string;
          submitter_id: string;
          title: string;
          description: string;
          short_description: string;
          content_type: ContentType;
          url: string | null;
          domains: string[];
          key_features: string[];
          relationship_to_content: 'creator' | 'user' | 'researcher' | 'other';
          // jsonb: read through core's SubmissionMetadataSchema
          metadata: Record<string, unknown>;
          status: 'pending' | 'changes_requested' | 'approved' | 'rejected';
          review_reason: string | null;
          reviewed_by: string | null;
          reviewed_at: Timestamp | null;
          content_id: string | null;
          created_at: Timestamp;
          updated_at: Timestamp;
        };
        Insert: {
          submitter_id: string;
          title: string;
          description: string;
          short_description: string;
          content_type: ContentType;
          url: string | null;
          domains: string[];
          key_features: string[];
          relationship_to_content: 'creator' | 'user' | 'researcher' | 'other';
          metadata: Record<string, unknown>;
        };
        Update: never;
        Relationships: [];
      };
      user_saved_items: {
        Row: { id: string; user_id: string; content_id: string; saved_at: Timestamp };
        Insert: { content_id: string; user_id?: string; saved_at?: Timestamp };
        Update: never;
        Relationships: [];
      };
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
          handle: string | null;
          research_interests: string[];
          verification_status: 'unverified' | 'pending' | 'verified';
          // set by admin_decide_verification (admin area): why the last request was declined
          verification_rejection_reason: string | null;
          verification_requested_at: Timestamp | null;
          is_public: boolean;
          theme_preference: 'light' | 'dark' | 'system';
          notification_preferences: Record<string, unknown>;
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
          handle?: string | null;
          research_interests?: string[];
          is_public?: boolean;
          theme_preference?: 'light' | 'dark' | 'system';
          notification_preferences?: Record<string, unknown>;
          verification_status?: 'unverified' | 'pending' | 'verified';
        };
        Update: {
          display_name?: string | null;
          first_name?: string | null;
          last_name?: string | null;
          avatar_url?: string | null;
          bio?: string | null;
          institution?: string | null;
          orcid_id?: string | null;
          handle?: string | null;
          research_interests?: string[];
          is_public?: boolean;
          theme_preference?: 'light' | 'dark' | 'system';
          notification_preferences?: Record<string, unknown>;
          /** A user may only ask for verification (unverified -> pending); admins decide. */
          verification_status?: 'unverified' | 'pending' | 'verified';
        };
        Relationships: [];
      };
      site_settings: {
        Row: {
          key: string;
          value: unknown;
          description: string | null;
          is_public: boolean;
          updated_at: Timestamp;
          updated_by: string | null;
        };
        // written through admin_set_setting, which records the change
        Insert: never;
        Update: never;
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
      // The security monitor (20261121001000_security_events.sql): admins read, only the gateway writes.
      security_events: {
        Row: {
          id: number;
          event_type: 'rls_violation' | 'unauthorized' | 'rate_limit' | 'suspicious_input' | 'security_logging_failure';
          severity: 'low' | 'medium' | 'high' | 'critical';
          user_id: string | null;
          actor: 'user' | 'anonymous' | 'system';
          path: string | null;
          method: string | null;
          client_hash: string | null;
          details: unknown;
          created_at: Timestamp;
        };
        Insert: never;
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
      // The admin area (supabase/migrations/20261121001400_admin_area.sql); jsonb results are
      // read through the Zod schemas in web/src/data/admin-*.ts.
      admin_dashboard: { Args: Record<string, never>; Returns: unknown };
      admin_list_users: {
        Args: { search?: string | null; role?: string | null; page?: number; page_size?: number };
        Returns: unknown;
      };
      admin_set_role: { Args: { target: string; new_role: string }; Returns: undefined };
      admin_set_banned: { Args: { target: string; banned: boolean }; Returns: undefined };
      admin_pending_verifications: { Args: Record<string, never>; Returns: unknown };
      admin_decide_verification: { Args: { target: string; approve: boolean; reason?: string | null }; Returns: undefined };
      admin_list_items: {
        Args: {
          search?: string | null;
          content_type?: string | null;
          status?: string | null;
          domain_id?: string | null;
          verified?: boolean | null;
          featured?: boolean | null;
          page?: number;
          page_size?: number;
        };
        Returns: unknown;
      };
      admin_update_item: { Args: { item_id: string; changes: Record<string, unknown>; domain_ids?: string[] | null }; Returns: undefined };
      admin_analytics: { Args: { days: number }; Returns: unknown };
      admin_set_setting: { Args: { setting_key: string; enabled: boolean }; Returns: undefined };
      record_search: { Args: { term: string; result_count: number }; Returns: undefined };
      // The CSV import (supabase/migrations/20261121001300_csv_import.sql). Their arguments are
      // built by core's write-import.ts (its CallImportRpc door takes a plain record) and their
      // results read through core's Zod schemas.
      find_existing_import_keys: { Args: Record<string, unknown>; Returns: unknown };
      begin_import: { Args: Record<string, unknown>; Returns: unknown };
      stage_import_rows: { Args: Record<string, unknown>; Returns: unknown };
      commit_import: { Args: Record<string, unknown>; Returns: unknown };
      discard_import: { Args: Record<string, unknown>; Returns: unknown };
      find_possible_duplicates: {
        Args: { candidate_title: string; candidate_url?: string | null; candidate_doi?: string | null; exclude_submission?: string | null };
        // jsonb: read through PossibleDuplicateSchema (web/src/data/submissions.ts)
        Returns: unknown;
      };
      approve_submission: {
        Args: { submission_id: string };
        Returns: unknown;
      };
      request_changes: {
        Args: { submission_id: string; reason: string };
        Returns: unknown;
      };
      reject_submission: {
        Args: { submission_id: string; reason: string };
        Returns: unknown;
      };
      resubmit_submission: {
        Args: { submission_id: string; submission: Record<string, unknown> };
        Returns: unknown;
      };
      save_item: {
        Args: { item_id: string };
        Returns: boolean;
      };
      unsave_item: {
        Args: { item_id: string };
        Returns: boolean;
      };
      library_items: {
        Args: Record<string, never>;
        // jsonb: read through core's LibraryItemsSchema
        Returns: unknown;
      };
      list_my_sessions: {
        Args: Record<string, never>;
        Returns: {
          id: string;
          user_agent: string | null;
          ip: string | null;
          created_at: Timestamp;
          last_used_at: Timestamp;
          aal: string;
          is_current: boolean;
        }[];
      };
      end_my_session: {
        Args: { _session_id: string };
        Returns: boolean;
      };
      delete_my_account: {
        Args: { _confirmation: string };
        Returns: undefined;
      };
      security_event_severity_counts: {
        Args: { _event_type?: string | null };
        Returns: { severity: string; total: number }[];
      };
      my_profile_stats: {
        Args: Record<string, never>;
        Returns: { saved_items: number; contributions: number; reviews: number }[];
      };
      public_profile: {
        Args: { _handle: string };
        Returns: {
          handle: string;
          display_name: string | null;
          first_name: string | null;
          last_name: string | null;
          avatar_url: string | null;
          institution: string | null;
          bio: string | null;
          orcid_id: string | null;
          research_interests: string[];
          verified: boolean;
          member_since: Timestamp;
        }[];
      };
      admin_requires_aal2: {
        Args: Record<string, never>;
        Returns: boolean;
      };
      get_user_roles: {
        Args: { _user_id: string };
        Returns: string[];
      };
      public_site_settings: {
        Args: Record<string, never>;
        Returns: Record<string, unknown>;
      };
      quick_view_card: {
        Args: { item_slug: string };
        // jsonb: one browse card (core's SearchCardSchema), or null for an unknown slug
        Returns: unknown;
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
