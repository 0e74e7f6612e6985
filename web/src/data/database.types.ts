/**
 * The database schema as supabase-js sees it, generated from supabase/migrations by
 * `npm run gen:types` (server/src/database/generate-types.ts) in the shape of
 * `supabase gen types typescript`. Do not edit: change the migrations and generate again.
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      agents: {
        Row: {
          capabilities: string[];
          content_id: string;
          integration_options: string[];
          interaction_mode: string | null;
          model_type: string | null;
          open_source: boolean;
          pricing_model: string | null;
          specialization: string | null;
        };
        Insert: {
          capabilities?: string[];
          content_id: string;
          integration_options?: string[];
          interaction_mode?: string | null;
          model_type?: string | null;
          open_source?: boolean;
          pricing_model?: string | null;
          specialization?: string | null;
        };
        Update: {
          capabilities?: string[];
          content_id?: string;
          integration_options?: string[];
          interaction_mode?: string | null;
          model_type?: string | null;
          open_source?: boolean;
          pricing_model?: string | null;
          specialization?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'agents_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      catalog_state: {
        Row: {
          singleton: boolean;
          version: number;
        };
        Insert: {
          singleton?: boolean;
          version?: number;
        };
        Update: {
          singleton?: boolean;
          version?: number;
        };
        Relationships: [];
      };
      companies: {
        Row: {
          awards_recognition: string[];
          business_model: string | null;
          content_id: string;
          employee_count: string | null;
          founded_year: number | null;
          funding_stage: string | null;
          headquarters: string | null;
          industry_focus: string[];
          moat: string | null;
          organization_id: string | null;
          partnerships: string[];
          press_mentions: string[];
          target_customers: string[];
          traction_metrics: Json;
        };
        Insert: {
          awards_recognition?: string[];
          business_model?: string | null;
          content_id: string;
          employee_count?: string | null;
          founded_year?: number | null;
          funding_stage?: string | null;
          headquarters?: string | null;
          industry_focus?: string[];
          moat?: string | null;
          organization_id?: string | null;
          partnerships?: string[];
          press_mentions?: string[];
          target_customers?: string[];
          traction_metrics?: Json;
        };
        Update: {
          awards_recognition?: string[];
          business_model?: string | null;
          content_id?: string;
          employee_count?: string | null;
          founded_year?: number | null;
          funding_stage?: string | null;
          headquarters?: string | null;
          industry_focus?: string[];
          moat?: string | null;
          organization_id?: string | null;
          partnerships?: string[];
          press_mentions?: string[];
          target_customers?: string[];
          traction_metrics?: Json;
        };
        Relationships: [
          {
            foreignKeyName: 'companies_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'companies_organization_id_fkey';
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
        Insert: {
          content_id: string;
          domain_id: string;
          is_primary?: boolean;
        };
        Update: {
          content_id?: string;
          domain_id?: string;
          is_primary?: boolean;
        };
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
            referencedRelation: 'domain_counts';
            referencedColumns: ['domain_id'];
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
      content_items: {
        Row: {
          competitive_advantages: string[];
          content_type: string;
          created_at: string;
          description: string;
          featured: boolean;
          id: string;
          key_features: string[];
          metadata: Json;
          organization_id: string | null;
          published_at: string | null;
          save_count: number;
          search_vector: string;
          short_description: string;
          slug: string;
          status: string;
          submitted_by: string | null;
          tags: string[];
          title: string;
          trending_score: number;
          updated_at: string;
          url: string | null;
          verified: boolean;
          view_count: number;
          year: number | null;
        };
        Insert: {
          competitive_advantages?: string[];
          content_type: string;
          created_at?: string;
          description?: string;
          featured?: boolean;
          id?: string;
          key_features?: string[];
          metadata?: Json;
          organization_id?: string | null;
          published_at?: string | null;
          save_count?: number;
          search_vector?: string;
          short_description?: string;
          slug: string;
          status?: string;
          submitted_by?: string | null;
          tags?: string[];
          title: string;
          trending_score?: number;
          updated_at?: string;
          url?: string | null;
          verified?: boolean;
          view_count?: number;
          year?: number | null;
        };
        Update: {
          competitive_advantages?: string[];
          content_type?: string;
          created_at?: string;
          description?: string;
          featured?: boolean;
          id?: string;
          key_features?: string[];
          metadata?: Json;
          organization_id?: string | null;
          published_at?: string | null;
          save_count?: number;
          search_vector?: string;
          short_description?: string;
          slug?: string;
          status?: string;
          submitted_by?: string | null;
          tags?: string[];
          title?: string;
          trending_score?: number;
          updated_at?: string;
          url?: string | null;
          verified?: boolean;
          view_count?: number;
          year?: number | null;
        };
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
      content_people: {
        Row: {
          content_id: string;
          order_index: number;
          person_id: string;
          role: string;
        };
        Insert: {
          content_id: string;
          order_index?: number;
          person_id: string;
          role?: string;
        };
        Update: {
          content_id?: string;
          order_index?: number;
          person_id?: string;
          role?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'content_people_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'content_people_person_id_fkey';
            columns: ['person_id'];
            isOneToOne: false;
            referencedRelation: 'people';
            referencedColumns: ['id'];
          },
        ];
      };
      content_search: {
        Row: {
          content_id: string;
          content_type: string;
          created_at: string;
          domain_slugs: string[];
          features: string[];
          organization_size: string | null;
          save_count: number;
          search_vector: string;
          slug: string;
          status: string;
          tags: string[];
          title_key: string;
          trending_score: number;
          view_count: number;
          year: number;
        };
        Insert: {
          content_id: string;
          content_type: string;
          created_at: string;
          domain_slugs: string[];
          features: string[];
          organization_size?: string | null;
          save_count: number;
          search_vector?: string;
          slug: string;
          status: string;
          tags?: string[];
          title_key: string;
          trending_score: number;
          view_count: number;
          year: number;
        };
        Update: {
          content_id?: string;
          content_type?: string;
          created_at?: string;
          domain_slugs?: string[];
          features?: string[];
          organization_size?: string | null;
          save_count?: number;
          search_vector?: string;
          slug?: string;
          status?: string;
          tags?: string[];
          title_key?: string;
          trending_score?: number;
          view_count?: number;
          year?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'content_search_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      content_submissions: {
        Row: {
          content_id: string | null;
          content_type: string;
          created_at: string;
          description: string;
          domains: string[];
          id: string;
          key_features: string[];
          metadata: Json;
          relationship_to_content: string;
          review_reason: string | null;
          reviewed_at: string | null;
          reviewed_by: string | null;
          short_description: string;
          status: string;
          submitter_id: string | null;
          title: string;
          updated_at: string;
          url: string | null;
        };
        Insert: {
          content_id?: string | null;
          content_type: string;
          created_at?: string;
          description: string;
          domains: string[];
          id?: string;
          key_features?: string[];
          metadata?: Json;
          relationship_to_content: string;
          review_reason?: string | null;
          reviewed_at?: string | null;
          reviewed_by?: string | null;
          short_description: string;
          status?: string;
          submitter_id?: string | null;
          title: string;
          updated_at?: string;
          url?: string | null;
        };
        Update: {
          content_id?: string | null;
          content_type?: string;
          created_at?: string;
          description?: string;
          domains?: string[];
          id?: string;
          key_features?: string[];
          metadata?: Json;
          relationship_to_content?: string;
          review_reason?: string | null;
          reviewed_at?: string | null;
          reviewed_by?: string | null;
          short_description?: string;
          status?: string;
          submitter_id?: string | null;
          title?: string;
          updated_at?: string;
          url?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'content_submissions_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      domain_item_counts: {
        Row: {
          count: number;
          slug: string;
        };
        Insert: {
          count?: number;
          slug: string;
        };
        Update: {
          count?: number;
          slug?: string;
        };
        Relationships: [];
      };
      facet_value_counts: {
        Row: {
          count: number;
          facet: string;
          value: string;
        };
        Insert: {
          count?: number;
          facet: string;
          value: string;
        };
        Update: {
          count?: number;
          facet?: string;
          value?: string;
        };
        Relationships: [];
      };
      import_batches: {
        Row: {
          content_type: string;
          created_at: string;
          created_by: string | null;
          file_name: string;
          id: string;
          summary: Json;
        };
        Insert: {
          content_type: string;
          created_at?: string;
          created_by?: string | null;
          file_name?: string;
          id?: string;
          summary?: Json;
        };
        Update: {
          content_type?: string;
          created_at?: string;
          created_by?: string | null;
          file_name?: string;
          id?: string;
          summary?: Json;
        };
        Relationships: [];
      };
      import_bulk_tokens: {
        Row: {
          token: string;
        };
        Insert: {
          token: string;
        };
        Update: {
          token?: string;
        };
        Relationships: [];
      };
      import_rows: {
        Row: {
          batch_id: string;
          chunk_number: number;
          data: Json;
        };
        Insert: {
          batch_id: string;
          chunk_number: number;
          data: Json;
        };
        Update: {
          batch_id?: string;
          chunk_number?: number;
          data?: Json;
        };
        Relationships: [
          {
            foreignKeyName: 'import_rows_batch_id_fkey';
            columns: ['batch_id'];
            isOneToOne: false;
            referencedRelation: 'import_batches';
            referencedColumns: ['id'];
          },
        ];
      };
      item_views: {
        Row: {
          content_id: string;
          day: string;
          visitor_hash: string;
        };
        Insert: {
          content_id: string;
          day: string;
          visitor_hash: string;
        };
        Update: {
          content_id?: string;
          day?: string;
          visitor_hash?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_views_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      notification_outbox: {
        Row: {
          attempts: number;
          created_at: string;
          id: number;
          kind: string;
          last_error: string | null;
          next_attempt_at: string;
          payload: Json;
          recipient_id: string;
          sent_at: string | null;
        };
        Insert: {
          attempts?: number;
          created_at?: string;
          id?: never;
          kind: string;
          last_error?: string | null;
          next_attempt_at?: string;
          payload: Json;
          recipient_id: string;
          sent_at?: string | null;
        };
        Update: {
          attempts?: number;
          created_at?: string;
          id?: never;
          kind?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          payload?: Json;
          recipient_id?: string;
          sent_at?: string | null;
        };
        Relationships: [];
      };
      organizations: {
        Row: {
          created_at: string;
          description: string | null;
          id: string;
          logo_url: string | null;
          name: string;
          size: string | null;
          type: string | null;
          updated_at: string;
          website: string | null;
        };
        Insert: {
          created_at?: string;
          description?: string | null;
          id?: string;
          logo_url?: string | null;
          name: string;
          size?: string | null;
          type?: string | null;
          updated_at?: string;
          website?: string | null;
        };
        Update: {
          created_at?: string;
          description?: string | null;
          id?: string;
          logo_url?: string | null;
          name?: string;
          size?: string | null;
          type?: string | null;
          updated_at?: string;
          website?: string | null;
        };
        Relationships: [];
      };
      papers: {
        Row: {
          abstract: string | null;
          arxiv_id: string | null;
          citation_count: number;
          content_id: string;
          doi: string | null;
          future_work: string | null;
          issue: string | null;
          journal_name: string | null;
          key_findings: string[];
          keywords: string[];
          limitations: string | null;
          methodology: string | null;
          open_access: boolean;
          pages: string | null;
          peer_reviewed: boolean;
          publication_date: string | null;
          pubmed_id: string | null;
          research_goals: string[];
          volume: string | null;
        };
        Insert: {
          abstract?: string | null;
          arxiv_id?: string | null;
          citation_count?: number;
          content_id: string;
          doi?: string | null;
          future_work?: string | null;
          issue?: string | null;
          journal_name?: string | null;
          key_findings?: string[];
          keywords?: string[];
          limitations?: string | null;
          methodology?: string | null;
          open_access?: boolean;
          pages?: string | null;
          peer_reviewed?: boolean;
          publication_date?: string | null;
          pubmed_id?: string | null;
          research_goals?: string[];
          volume?: string | null;
        };
        Update: {
          abstract?: string | null;
          arxiv_id?: string | null;
          citation_count?: number;
          content_id?: string;
          doi?: string | null;
          future_work?: string | null;
          issue?: string | null;
          journal_name?: string | null;
          key_findings?: string[];
          keywords?: string[];
          limitations?: string | null;
          methodology?: string | null;
          open_access?: boolean;
          pages?: string | null;
          peer_reviewed?: boolean;
          publication_date?: string | null;
          pubmed_id?: string | null;
          research_goals?: string[];
          volume?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'papers_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      people: {
        Row: {
          created_at: string;
          full_name: string;
          id: string;
          orcid_id: string | null;
        };
        Insert: {
          created_at?: string;
          full_name: string;
          id?: string;
          orcid_id?: string | null;
        };
        Update: {
          created_at?: string;
          full_name?: string;
          id?: string;
          orcid_id?: string | null;
        };
        Relationships: [];
      };
      scientific_domains: {
        Row: {
          color: string;
          created_at: string;
          description: string | null;
          icon: string;
          id: string;
          name: string;
          order_index: number;
          parent_id: string | null;
          slug: string;
        };
        Insert: {
          color?: string;
          created_at?: string;
          description?: string | null;
          icon?: string;
          id?: string;
          name: string;
          order_index?: number;
          parent_id?: string | null;
          slug: string;
        };
        Update: {
          color?: string;
          created_at?: string;
          description?: string | null;
          icon?: string;
          id?: string;
          name?: string;
          order_index?: number;
          parent_id?: string | null;
          slug?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'scientific_domains_parent_id_fkey';
            columns: ['parent_id'];
            isOneToOne: false;
            referencedRelation: 'domain_counts';
            referencedColumns: ['domain_id'];
          },
          {
            foreignKeyName: 'scientific_domains_parent_id_fkey';
            columns: ['parent_id'];
            isOneToOne: false;
            referencedRelation: 'scientific_domains';
            referencedColumns: ['id'];
          },
        ];
      };
      search_cache: {
        Row: {
          cache_key: string;
          catalog_version: number;
          created_at: string;
          result: Json;
        };
        Insert: {
          cache_key: string;
          catalog_version: number;
          created_at?: string;
          result: Json;
        };
        Update: {
          cache_key?: string;
          catalog_version?: number;
          created_at?: string;
          result?: Json;
        };
        Relationships: [];
      };
      search_terms: {
        Row: {
          day: string;
          last_result_count: number;
          searches: number;
          term: string;
          zero_result_searches: number;
        };
        Insert: {
          day: string;
          last_result_count?: number;
          searches?: number;
          term: string;
          zero_result_searches?: number;
        };
        Update: {
          day?: string;
          last_result_count?: number;
          searches?: number;
          term?: string;
          zero_result_searches?: number;
        };
        Relationships: [];
      };
      search_vocabulary: {
        Row: {
          word: string;
        };
        Insert: {
          word: string;
        };
        Update: {
          word?: string;
        };
        Relationships: [];
      };
      security_events: {
        Row: {
          actor: string;
          client_hash: string | null;
          created_at: string;
          details: Json;
          event_type: string;
          id: number;
          method: string | null;
          path: string | null;
          severity: string;
          user_id: string | null;
        };
        Insert: {
          actor: string;
          client_hash?: string | null;
          created_at?: string;
          details?: Json;
          event_type: string;
          id?: never;
          method?: string | null;
          path?: string | null;
          severity: string;
          user_id?: string | null;
        };
        Update: {
          actor?: string;
          client_hash?: string | null;
          created_at?: string;
          details?: Json;
          event_type?: string;
          id?: never;
          method?: string | null;
          path?: string | null;
          severity?: string;
          user_id?: string | null;
        };
        Relationships: [];
      };
      site_settings: {
        Row: {
          description: string | null;
          is_public: boolean;
          key: string;
          updated_at: string;
          updated_by: string | null;
          value: Json;
        };
        Insert: {
          description?: string | null;
          is_public?: boolean;
          key: string;
          updated_at?: string;
          updated_by?: string | null;
          value: Json;
        };
        Update: {
          description?: string | null;
          is_public?: boolean;
          key?: string;
          updated_at?: string;
          updated_by?: string | null;
          value?: Json;
        };
        Relationships: [];
      };
      software: {
        Row: {
          api_available: boolean;
          content_id: string;
          github_stars: number | null;
          github_url: string | null;
          license: string | null;
          open_source: boolean;
          pricing_model: string | null;
          programming_languages: string[];
        };
        Insert: {
          api_available?: boolean;
          content_id: string;
          github_stars?: number | null;
          github_url?: string | null;
          license?: string | null;
          open_source?: boolean;
          pricing_model?: string | null;
          programming_languages?: string[];
        };
        Update: {
          api_available?: boolean;
          content_id?: string;
          github_stars?: number | null;
          github_url?: string | null;
          license?: string | null;
          open_source?: boolean;
          pricing_model?: string | null;
          programming_languages?: string[];
        };
        Relationships: [
          {
            foreignKeyName: 'software_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      trending_baselines: {
        Row: {
          content_id: string;
          score: number;
        };
        Insert: {
          content_id: string;
          score: number;
        };
        Update: {
          content_id?: string;
          score?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'trending_baselines_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      user_activity: {
        Row: {
          activity_data: Json;
          activity_type: string;
          actor: string;
          created_at: string;
          id: number;
          ip_address: unknown;
          user_agent: string | null;
          user_id: string | null;
        };
        Insert: {
          activity_data?: Json;
          activity_type: string;
          actor?: string;
          created_at?: string;
          id?: never;
          ip_address?: unknown;
          user_agent?: string | null;
          user_id?: string | null;
        };
        Update: {
          activity_data?: Json;
          activity_type?: string;
          actor?: string;
          created_at?: string;
          id?: never;
          ip_address?: unknown;
          user_agent?: string | null;
          user_id?: string | null;
        };
        Relationships: [];
      };
      user_profiles: {
        Row: {
          avatar_url: string | null;
          bio: string | null;
          created_at: string;
          display_name: string | null;
          first_name: string | null;
          handle: string | null;
          id: string;
          institution: string | null;
          is_public: boolean;
          last_name: string | null;
          notification_preferences: Json;
          orcid_id: string | null;
          research_interests: string[];
          theme_preference: string;
          updated_at: string;
          verification_rejection_reason: string | null;
          verification_requested_at: string | null;
          verification_status: string;
        };
        Insert: {
          avatar_url?: string | null;
          bio?: string | null;
          created_at?: string;
          display_name?: string | null;
          first_name?: string | null;
          handle?: string | null;
          id: string;
          institution?: string | null;
          is_public?: boolean;
          last_name?: string | null;
          notification_preferences?: Json;
          orcid_id?: string | null;
          research_interests?: string[];
          theme_preference?: string;
          updated_at?: string;
          verification_rejection_reason?: string | null;
          verification_requested_at?: string | null;
          verification_status?: string;
        };
        Update: {
          avatar_url?: string | null;
          bio?: string | null;
          created_at?: string;
          display_name?: string | null;
          first_name?: string | null;
          handle?: string | null;
          id?: string;
          institution?: string | null;
          is_public?: boolean;
          last_name?: string | null;
          notification_preferences?: Json;
          orcid_id?: string | null;
          research_interests?: string[];
          theme_preference?: string;
          updated_at?: string;
          verification_rejection_reason?: string | null;
          verification_requested_at?: string | null;
          verification_status?: string;
        };
        Relationships: [];
      };
      user_roles: {
        Row: {
          created_at: string;
          id: string;
          role: string;
          user_id: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          role: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          role?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      user_saved_items: {
        Row: {
          content_id: string;
          id: string;
          saved_at: string;
          user_id: string;
        };
        Insert: {
          content_id: string;
          id?: string;
          saved_at?: string;
          user_id?: string;
        };
        Update: {
          content_id?: string;
          id?: string;
          saved_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'user_saved_items_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      waitlist_signups: {
        Row: {
          additional_info: string | null;
          created_at: string;
          email: string;
          first_name: string | null;
          id: string;
          last_name: string | null;
          referral_source: string | null;
          research_interests: string[];
        };
        Insert: {
          additional_info?: string | null;
          created_at?: string;
          email: string;
          first_name?: string | null;
          id?: string;
          last_name?: string | null;
          referral_source?: string | null;
          research_interests?: string[];
        };
        Update: {
          additional_info?: string | null;
          created_at?: string;
          email?: string;
          first_name?: string | null;
          id?: string;
          last_name?: string | null;
          referral_source?: string | null;
          research_interests?: string[];
        };
        Relationships: [];
      };
    };
    Views: {
      domain_counts: {
        Row: {
          count: number | null;
          domain_id: string | null;
          slug: string | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      admin_analytics: {
        Args: {
          days: number;
        };
        Returns: Json;
      };
      admin_dashboard: {
        Args: never;
        Returns: Json;
      };
      admin_decide_verification: {
        Args: {
          target: string;
          approve: boolean;
          reason?: string;
        };
        Returns: undefined;
      };
      admin_list_items: {
        Args: {
          search?: string;
          content_type?: string;
          status?: string;
          domain_id?: string;
          verified?: boolean;
          featured?: boolean;
          page?: number;
          page_size?: number;
        };
        Returns: Json;
      };
      admin_list_users: {
        Args: {
          search?: string;
          role?: string;
          page?: number;
          page_size?: number;
        };
        Returns: Json;
      };
      admin_pending_verifications: {
        Args: never;
        Returns: Json;
      };
      admin_requires_aal2: {
        Args: never;
        Returns: boolean;
      };
      admin_set_banned: {
        Args: {
          target: string;
          banned: boolean;
        };
        Returns: undefined;
      };
      admin_set_role: {
        Args: {
          target: string;
          new_role: string;
        };
        Returns: undefined;
      };
      admin_set_setting: {
        Args: {
          setting_key: string;
          enabled: boolean;
        };
        Returns: undefined;
      };
      admin_update_item: {
        Args: {
          item_id: string;
          changes: Json;
          domain_ids?: string[];
        };
        Returns: undefined;
      };
      approve_submission: {
        Args: {
          submission_id: string;
        };
        Returns: Json;
      };
      begin_import: {
        Args: {
          content_type: string;
          file_name: string;
          summary?: Json;
        };
        Returns: string;
      };
      commit_import: {
        Args: {
          batch_id: string;
        };
        Returns: Json;
      };
      delete_my_account: {
        Args: {
          _confirmation: string;
        };
        Returns: undefined;
      };
      discard_import: {
        Args: {
          batch_id: string;
        };
        Returns: boolean;
      };
      edit_distance: {
        Args: {
          a: string;
          b: string;
        };
        Returns: number;
      };
      end_my_session: {
        Args: {
          _session_id: string;
        };
        Returns: boolean;
      };
      find_existing_import_keys: {
        Args: {
          content_type: string;
          keys: string[];
        };
        Returns: string[];
      };
      find_possible_duplicates: {
        Args: {
          candidate_title: string;
          candidate_url?: string;
          candidate_doi?: string;
          exclude_submission?: string;
        };
        Returns: Json;
      };
      get_user_roles: {
        Args: {
          _user_id: string;
        };
        Returns: string[];
      };
      has_role: {
        Args: {
          _user_id: string;
          _role: string;
        };
        Returns: boolean;
      };
      is_admin: {
        Args: never;
        Returns: boolean;
      };
      is_staff: {
        Args: never;
        Returns: boolean;
      };
      is_valid_orcid: {
        Args: {
          _orcid: string;
        };
        Returns: boolean;
      };
      item_details: {
        Args: {
          slugs: string[];
        };
        Returns: Json;
      };
      item_search_vector: {
        Args: {
          title: string;
          tags: string[];
          short_description: string;
          description: string;
        };
        Returns: string;
      };
      item_summary: {
        Args: {
          ci: Database['public']['Tables']['content_items']['Row'];
        };
        Returns: Json;
      };
      library_items: {
        Args: never;
        Returns: Json;
      };
      list_my_sessions: {
        Args: never;
        Returns: {
          id: string | null;
          user_agent: string | null;
          ip: string | null;
          created_at: string | null;
          last_used_at: string | null;
          aal: string | null;
          is_current: boolean | null;
        }[];
      };
      my_profile_stats: {
        Args: never;
        Returns: {
          saved_items: number | null;
          contributions: number | null;
          reviews: number | null;
        }[];
      };
      normalize_url: {
        Args: {
          url: string;
        };
        Returns: string;
      };
      public_profile: {
        Args: {
          _handle: string;
        };
        Returns: {
          handle: string | null;
          display_name: string | null;
          first_name: string | null;
          last_name: string | null;
          avatar_url: string | null;
          institution: string | null;
          bio: string | null;
          orcid_id: string | null;
          research_interests: string[] | null;
          verified: boolean | null;
          member_since: string | null;
        }[];
      };
      public_site_settings: {
        Args: never;
        Returns: Json;
      };
      quick_view_card: {
        Args: {
          item_slug: string;
        };
        Returns: Json;
      };
      record_item_view: {
        Args: {
          item_slug: string;
        };
        Returns: boolean;
      };
      record_search: {
        Args: {
          term: string;
          result_count: number;
        };
        Returns: undefined;
      };
      reject_submission: {
        Args: {
          submission_id: string;
          reason: string;
        };
        Returns: Json;
      };
      related_items: {
        Args: {
          item_slug: string;
          max_items?: number;
        };
        Returns: Json;
      };
      request_changes: {
        Args: {
          submission_id: string;
          reason: string;
        };
        Returns: Json;
      };
      resubmit_submission: {
        Args: {
          submission_id: string;
          submission: Json;
        };
        Returns: Json;
      };
      save_item: {
        Args: {
          item_id: string;
        };
        Returns: boolean;
      };
      search_items: {
        Args: {
          search?: string;
          domains?: string[];
          content_types?: string[];
          features?: string[];
          organization_sizes?: string[];
          year_from?: number;
          year_to?: number;
          sort_by?: string;
          page_offset?: number;
          page_size?: number;
        };
        Returns: Json;
      };
      security_event_severity_counts: {
        Args: {
          _event_type?: string;
        };
        Returns: {
          severity: string | null;
          total: number | null;
        }[];
      };
      similar_items: {
        Args: {
          query: string;
          max_items?: number;
        };
        Returns: Json;
      };
      stage_import_rows: {
        Args: {
          batch_id: string;
          rows: Json;
        };
        Returns: number;
      };
      unsave_item: {
        Args: {
          item_id: string;
        };
        Returns: boolean;
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DefaultSchema = Database['public'];

export type Tables<Name extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])> = (DefaultSchema['Tables'] &
  DefaultSchema['Views'])[Name] extends { Row: infer Row }
  ? Row
  : never;
export type TablesInsert<Name extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][Name]['Insert'];
export type TablesUpdate<Name extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][Name]['Update'];
export type Enums<Name extends keyof DefaultSchema['Enums']> = DefaultSchema['Enums'][Name];
export type CompositeTypes<Name extends keyof DefaultSchema['CompositeTypes']> = DefaultSchema['CompositeTypes'][Name];

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
