export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      agents: {
        Row: {
          availability: string | null;
          capabilities: string[];
          content_id: string;
          first_release: string | null;
          integration_options: string[];
          interaction_mode: string | null;
          license: string | null;
          license_status: string | null;
          model_type: string | null;
          open_source: boolean;
          pricing_model: string | null;
          specialization: string | null;
          weights_license: string | null;
        };
        Insert: {
          availability?: string | null;
          capabilities?: string[];
          content_id: string;
          first_release?: string | null;
          integration_options?: string[];
          interaction_mode?: string | null;
          license?: string | null;
          license_status?: never;
          model_type?: string | null;
          open_source?: boolean;
          pricing_model?: string | null;
          specialization?: string | null;
          weights_license?: string | null;
        };
        Update: {
          availability?: string | null;
          capabilities?: string[];
          content_id?: string;
          first_release?: string | null;
          integration_options?: string[];
          interaction_mode?: string | null;
          license?: string | null;
          license_status?: never;
          model_type?: string | null;
          open_source?: boolean;
          pricing_model?: string | null;
          specialization?: string | null;
          weights_license?: string | null;
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
      api_tokens: {
        Row: {
          created_at: string;
          expires_at: string;
          id: string;
          last_used_at: string | null;
          name: string;
          token_hash: string;
          token_prefix: string;
          user_id: string;
        };
        Insert: {
          created_at?: string;
          expires_at: string;
          id?: string;
          last_used_at?: string | null;
          name: string;
          token_hash: string;
          token_prefix: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          expires_at?: string;
          id?: string;
          last_used_at?: string | null;
          name?: string;
          token_hash?: string;
          token_prefix?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      catalog_sources: {
        Row: {
          commit_sha: string | null;
          copies_descriptions: boolean;
          credit: string;
          harvest_source: string | null;
          id: string;
          kind: string;
          license: string;
          license_basis: string;
          name: string;
          repository: string;
          share_alike: boolean;
          snapshot_date: string | null;
        };
        Insert: {
          commit_sha?: string | null;
          copies_descriptions: boolean;
          credit: string;
          harvest_source?: string | null;
          id: string;
          kind?: string;
          license: string;
          license_basis: string;
          name: string;
          repository: string;
          share_alike: boolean;
          snapshot_date?: string | null;
        };
        Update: {
          commit_sha?: string | null;
          copies_descriptions?: boolean;
          credit?: string;
          harvest_source?: string | null;
          id?: string;
          kind?: string;
          license?: string;
          license_basis?: string;
          name?: string;
          repository?: string;
          share_alike?: boolean;
          snapshot_date?: string | null;
        };
        Relationships: [];
      };
      catalog_state: {
        Row: {
          search_cache_max_bytes: number;
          singleton: boolean;
          version: number;
        };
        Insert: {
          search_cache_max_bytes?: number;
          singleton?: boolean;
          version?: number;
        };
        Update: {
          search_cache_max_bytes?: number;
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
          employee_count_as_of: string | null;
          employee_count_source: string | null;
          founded_year: number | null;
          funding_stage: string | null;
          funding_stage_as_of: string | null;
          funding_stage_source: string | null;
          headquarters: string | null;
          headquarters_as_of: string | null;
          headquarters_source: string | null;
          industry_focus: string[];
          moat: string | null;
          organization_id: string | null;
          partnerships: string[];
          press_mentions: string[];
          target_customers: string[];
          traction_metrics: NonNullable<Json>;
        };
        Insert: {
          awards_recognition?: string[];
          business_model?: string | null;
          content_id: string;
          employee_count?: string | null;
          employee_count_as_of?: string | null;
          employee_count_source?: string | null;
          founded_year?: number | null;
          funding_stage?: string | null;
          funding_stage_as_of?: string | null;
          funding_stage_source?: string | null;
          headquarters?: string | null;
          headquarters_as_of?: string | null;
          headquarters_source?: string | null;
          industry_focus?: string[];
          moat?: string | null;
          organization_id?: string | null;
          partnerships?: string[];
          press_mentions?: string[];
          target_customers?: string[];
          traction_metrics?: NonNullable<Json>;
        };
        Update: {
          awards_recognition?: string[];
          business_model?: string | null;
          content_id?: string;
          employee_count?: string | null;
          employee_count_as_of?: string | null;
          employee_count_source?: string | null;
          founded_year?: number | null;
          funding_stage?: string | null;
          funding_stage_as_of?: string | null;
          funding_stage_source?: string | null;
          headquarters?: string | null;
          headquarters_as_of?: string | null;
          headquarters_source?: string | null;
          industry_focus?: string[];
          moat?: string | null;
          organization_id?: string | null;
          partnerships?: string[];
          press_mentions?: string[];
          target_customers?: string[];
          traction_metrics?: NonNullable<Json>;
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
      content_item_credits: {
        Row: {
          content_id: string;
          submitted_by: string;
        };
        Insert: {
          content_id: string;
          submitted_by: string;
        };
        Update: {
          content_id?: string;
          submitted_by?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'content_item_credits_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
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
          metadata: NonNullable<Json>;
          organization_id: string | null;
          published_at: string | null;
          save_count: number;
          search_vector: unknown;
          short_description: string;
          slug: string;
          status: string;
          tags: string[];
          title: string;
          trending_score: number;
          updated_at: string;
          url: string | null;
          verified: boolean;
          view_count: number;
          year: number | null;
          item_summary: Json | null;
        };
        Insert: {
          competitive_advantages?: string[];
          content_type: string;
          created_at?: string;
          description?: string;
          featured?: boolean;
          id?: string;
          key_features?: string[];
          metadata?: NonNullable<Json>;
          organization_id?: string | null;
          published_at?: string | null;
          save_count?: number;
          search_vector?: unknown;
          short_description?: string;
          slug: string;
          status?: string;
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
          metadata?: NonNullable<Json>;
          organization_id?: string | null;
          published_at?: string | null;
          save_count?: number;
          search_vector?: unknown;
          short_description?: string;
          slug?: string;
          status?: string;
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
          active_at: string | null;
          archived: boolean;
          citations: number | null;
          content_id: string;
          content_type: string;
          created_at: string;
          domain_slugs: string[];
          features: string[];
          input_data: string[];
          link_health: string | null;
          name_key: string;
          operations: string[];
          organization_size: string | null;
          rating_score: number | null;
          save_count: number;
          search_vector: unknown;
          slug: string;
          stars: number | null;
          status: string;
          tags: string[];
          title_key: string;
          trending_score: number;
          view_count: number;
          year: number;
        };
        Insert: {
          active_at?: string | null;
          archived?: boolean;
          citations?: number | null;
          content_id: string;
          content_type: string;
          created_at: string;
          domain_slugs: string[];
          features: string[];
          input_data?: string[];
          link_health?: string | null;
          name_key?: string;
          operations?: string[];
          organization_size?: string | null;
          rating_score?: number | null;
          save_count: number;
          search_vector?: unknown;
          slug: string;
          stars?: number | null;
          status: string;
          tags?: string[];
          title_key: string;
          trending_score: number;
          view_count: number;
          year: number;
        };
        Update: {
          active_at?: string | null;
          archived?: boolean;
          citations?: number | null;
          content_id?: string;
          content_type?: string;
          created_at?: string;
          domain_slugs?: string[];
          features?: string[];
          input_data?: string[];
          link_health?: string | null;
          name_key?: string;
          operations?: string[];
          organization_size?: string | null;
          rating_score?: number | null;
          save_count?: number;
          search_vector?: unknown;
          slug?: string;
          stars?: number | null;
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
          metadata: NonNullable<Json>;
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
          metadata?: NonNullable<Json>;
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
          metadata?: NonNullable<Json>;
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
      enrich_http_cache: {
        Row: {
          body: string;
          etag: string;
          stored_at: string;
          url: string;
        };
        Insert: {
          body: string;
          etag: string;
          stored_at?: string;
          url: string;
        };
        Update: {
          body?: string;
          etag?: string;
          stored_at?: string;
          url?: string;
        };
        Relationships: [];
      };
      enrich_requests: {
        Row: {
          content_id: string;
          requested_at: string;
          requested_by: string | null;
        };
        Insert: {
          content_id: string;
          requested_at?: string;
          requested_by?: string | null;
        };
        Update: {
          content_id?: string;
          requested_at?: string;
          requested_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'enrich_requests_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      enrich_runs: {
        Row: {
          errors: NonNullable<Json>;
          failed: number;
          finished_at: string | null;
          id: string;
          items: number;
          not_modified: number;
          origin: string;
          requests: number;
          sources: string[];
          started_at: string;
          status: string;
          updated: number;
        };
        Insert: {
          errors?: NonNullable<Json>;
          failed?: number;
          finished_at?: string | null;
          id?: string;
          items?: number;
          not_modified?: number;
          origin?: string;
          requests?: number;
          sources: string[];
          started_at?: string;
          status?: string;
          updated?: number;
        };
        Update: {
          errors?: NonNullable<Json>;
          failed?: number;
          finished_at?: string | null;
          id?: string;
          items?: number;
          not_modified?: number;
          origin?: string;
          requests?: number;
          sources?: string[];
          started_at?: string;
          status?: string;
          updated?: number;
        };
        Relationships: [];
      };
      external_ids: {
        Row: {
          content_id: string;
          created_at: string;
          scheme: string;
          value: string;
        };
        Insert: {
          content_id: string;
          created_at?: string;
          scheme: string;
          value: string;
        };
        Update: {
          content_id?: string;
          created_at?: string;
          scheme?: string;
          value?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'external_ids_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
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
      follow_rate_events: {
        Row: {
          created_at: string;
          id: number;
          user_id: string;
        };
        Insert: {
          created_at?: string;
          id?: never;
          user_id: string;
        };
        Update: {
          created_at?: string;
          id?: never;
          user_id?: string;
        };
        Relationships: [];
      };
      follows: {
        Row: {
          content_id: string | null;
          created_at: string;
          domain_id: string | null;
          id: string;
          label: string | null;
          last_seen_at: string;
          organization_id: string | null;
          person_id: string | null;
          search_query: string | null;
          target_type: string;
          user_id: string;
          follower_count: number | null;
        };
        Insert: {
          content_id?: string | null;
          created_at?: string;
          domain_id?: string | null;
          id?: string;
          label?: string | null;
          last_seen_at?: string;
          organization_id?: string | null;
          person_id?: string | null;
          search_query?: string | null;
          target_type: string;
          user_id: string;
        };
        Update: {
          content_id?: string | null;
          created_at?: string;
          domain_id?: string | null;
          id?: string;
          label?: string | null;
          last_seen_at?: string;
          organization_id?: string | null;
          person_id?: string | null;
          search_query?: string | null;
          target_type?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'follows_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'follows_domain_id_fkey';
            columns: ['domain_id'];
            isOneToOne: false;
            referencedRelation: 'domain_counts';
            referencedColumns: ['domain_id'];
          },
          {
            foreignKeyName: 'follows_domain_id_fkey';
            columns: ['domain_id'];
            isOneToOne: false;
            referencedRelation: 'scientific_domains';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'follows_organization_id_fkey';
            columns: ['organization_id'];
            isOneToOne: false;
            referencedRelation: 'organizations';
            referencedColumns: ['id'];
          },
        ];
      };
      harvest_runs: {
        Row: {
          added: number;
          created_by: string | null;
          cursor: string | null;
          errors: NonNullable<Json>;
          finished_at: string | null;
          id: string;
          pages: number;
          publish: boolean;
          query: NonNullable<Json>;
          skipped: number;
          source: string;
          started_at: string;
          status: string;
          updated: number;
        };
        Insert: {
          added?: number;
          created_by?: string | null;
          cursor?: string | null;
          errors?: NonNullable<Json>;
          finished_at?: string | null;
          id?: string;
          pages?: number;
          publish?: boolean;
          query?: NonNullable<Json>;
          skipped?: number;
          source: string;
          started_at?: string;
          status?: string;
          updated?: number;
        };
        Update: {
          added?: number;
          created_by?: string | null;
          cursor?: string | null;
          errors?: NonNullable<Json>;
          finished_at?: string | null;
          id?: string;
          pages?: number;
          publish?: boolean;
          query?: NonNullable<Json>;
          skipped?: number;
          source?: string;
          started_at?: string;
          status?: string;
          updated?: number;
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
          summary: NonNullable<Json>;
        };
        Insert: {
          content_type: string;
          created_at?: string;
          created_by?: string | null;
          file_name?: string;
          id?: string;
          summary?: NonNullable<Json>;
        };
        Update: {
          content_type?: string;
          created_at?: string;
          created_by?: string | null;
          file_name?: string;
          id?: string;
          summary?: NonNullable<Json>;
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
          data: NonNullable<Json>;
        };
        Insert: {
          batch_id: string;
          chunk_number: number;
          data: NonNullable<Json>;
        };
        Update: {
          batch_id?: string;
          chunk_number?: number;
          data?: NonNullable<Json>;
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
      item_card_ready: {
        Row: {
          card: NonNullable<Json>;
          content_id: string;
          published: boolean;
        };
        Insert: {
          card: NonNullable<Json>;
          content_id: string;
          published: boolean;
        };
        Update: {
          card?: NonNullable<Json>;
          content_id?: string;
          published?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'item_card_ready_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_claim_email_codes: {
        Row: {
          attempts: number;
          code_hash: string;
          content_id: string;
          created_at: string;
          email: string;
          expires_at: string;
          id: string;
          used_at: string | null;
          user_id: string;
        };
        Insert: {
          attempts?: number;
          code_hash: string;
          content_id: string;
          created_at?: string;
          email: string;
          expires_at: string;
          id?: string;
          used_at?: string | null;
          user_id: string;
        };
        Update: {
          attempts?: number;
          code_hash?: string;
          content_id?: string;
          created_at?: string;
          email?: string;
          expires_at?: string;
          id?: string;
          used_at?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_claim_email_codes_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_claims: {
        Row: {
          claimant_id: string;
          content_id: string;
          created_at: string;
          decided_at: string | null;
          decided_by: string | null;
          evidence: string | null;
          id: string;
          method: string;
          proof: NonNullable<Json>;
          reason: string | null;
          status: string;
          transfer_offered_at: string | null;
          transfer_to: string | null;
          updated_at: string;
        };
        Insert: {
          claimant_id: string;
          content_id: string;
          created_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          evidence?: string | null;
          id?: string;
          method: string;
          proof?: NonNullable<Json>;
          reason?: string | null;
          status?: string;
          transfer_offered_at?: string | null;
          transfer_to?: string | null;
          updated_at?: string;
        };
        Update: {
          claimant_id?: string;
          content_id?: string;
          created_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          evidence?: string | null;
          id?: string;
          method?: string;
          proof?: NonNullable<Json>;
          reason?: string | null;
          status?: string;
          transfer_offered_at?: string | null;
          transfer_to?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_claims_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_enrich_state: {
        Row: {
          checked_at: string;
          content_id: string;
          error: string | null;
          ok: boolean;
          source: string;
        };
        Insert: {
          checked_at: string;
          content_id: string;
          error?: string | null;
          ok: boolean;
          source: string;
        };
        Update: {
          checked_at?: string;
          content_id?: string;
          error?: string | null;
          ok?: boolean;
          source?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_enrich_state_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_fact_changes: {
        Row: {
          changed_by: string | null;
          content_id: string;
          created_at: string;
          decided_at: string | null;
          decided_by: string | null;
          field: string;
          id: string;
          new_value: Json | null;
          old_value: Json | null;
          reason: string | null;
          status: string;
        };
        Insert: {
          changed_by?: string | null;
          content_id: string;
          created_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          field: string;
          id?: string;
          new_value?: Json | null;
          old_value?: Json | null;
          reason?: string | null;
          status: string;
        };
        Update: {
          changed_by?: string | null;
          content_id?: string;
          created_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          field?: string;
          id?: string;
          new_value?: Json | null;
          old_value?: Json | null;
          reason?: string | null;
          status?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_fact_changes_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_ratings: {
        Row: {
          content_id: string;
          other_average: number | null;
          other_count: number;
          rating_score: number | null;
          updated_at: string;
          verified_average: number | null;
          verified_count: number;
        };
        Insert: {
          content_id: string;
          other_average?: number | null;
          other_count?: number;
          rating_score?: number | null;
          updated_at?: string;
          verified_average?: number | null;
          verified_count?: number;
        };
        Update: {
          content_id?: string;
          other_average?: number | null;
          other_count?: number;
          rating_score?: number | null;
          updated_at?: string;
          verified_average?: number | null;
          verified_count?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'item_ratings_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_relations: {
        Row: {
          content_id: string;
          created_at: string;
          related_id: string;
          relation: string;
          source: string;
        };
        Insert: {
          content_id: string;
          created_at?: string;
          related_id: string;
          relation: string;
          source: string;
        };
        Update: {
          content_id?: string;
          created_at?: string;
          related_id?: string;
          relation?: string;
          source?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_relations_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'item_relations_related_id_fkey';
            columns: ['related_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_review_helpful_marks: {
        Row: {
          created_at: string;
          review_id: string;
          user_id: string;
        };
        Insert: {
          created_at?: string;
          review_id: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          review_id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_review_helpful_marks_review_id_fkey';
            columns: ['review_id'];
            isOneToOne: false;
            referencedRelation: 'item_reviews';
            referencedColumns: ['id'];
          },
        ];
      };
      item_review_replies: {
        Row: {
          author_id: string;
          body: string;
          created_at: string;
          edited_at: string | null;
          review_id: string;
          status: string;
          status_changed_at: string | null;
          status_reason: string | null;
          updated_at: string;
        };
        Insert: {
          author_id: string;
          body: string;
          created_at?: string;
          edited_at?: string | null;
          review_id: string;
          status?: string;
          status_changed_at?: string | null;
          status_reason?: string | null;
          updated_at?: string;
        };
        Update: {
          author_id?: string;
          body?: string;
          created_at?: string;
          edited_at?: string | null;
          review_id?: string;
          status?: string;
          status_changed_at?: string | null;
          status_reason?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_review_replies_review_id_fkey';
            columns: ['review_id'];
            isOneToOne: true;
            referencedRelation: 'item_reviews';
            referencedColumns: ['id'];
          },
        ];
      };
      item_review_reports: {
        Row: {
          created_at: string;
          id: string;
          note: string | null;
          reason: string;
          reporter_id: string | null;
          resolved_at: string | null;
          review_id: string;
          status: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          note?: string | null;
          reason: string;
          reporter_id?: string | null;
          resolved_at?: string | null;
          review_id: string;
          status?: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          note?: string | null;
          reason?: string;
          reporter_id?: string | null;
          resolved_at?: string | null;
          review_id?: string;
          status?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_review_reports_review_id_fkey';
            columns: ['review_id'];
            isOneToOne: false;
            referencedRelation: 'item_reviews';
            referencedColumns: ['id'];
          },
        ];
      };
      item_review_revisions: {
        Row: {
          body: string;
          fields: NonNullable<Json>;
          id: number;
          rating: number;
          replaced_at: string;
          review_id: string;
          written_at: string;
        };
        Insert: {
          body: string;
          fields: NonNullable<Json>;
          id?: never;
          rating: number;
          replaced_at?: string;
          review_id: string;
          written_at: string;
        };
        Update: {
          body?: string;
          fields?: NonNullable<Json>;
          id?: never;
          rating?: number;
          replaced_at?: string;
          review_id?: string;
          written_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_review_revisions_review_id_fkey';
            columns: ['review_id'];
            isOneToOne: false;
            referencedRelation: 'item_reviews';
            referencedColumns: ['id'];
          },
        ];
      };
      item_reviews: {
        Row: {
          accuracy_rating: number | null;
          body: string;
          content_id: string;
          created_at: string;
          data_size: string | null;
          documentation_rating: number | null;
          edited_at: string | null;
          engagement: string | null;
          first_published_at: string | null;
          helpful_count: number;
          id: string;
          rating: number;
          setup_rating: number | null;
          status: string;
          status_changed_at: string | null;
          status_reason: string | null;
          support_rating: number | null;
          updated_at: string;
          used_for_domain_id: string | null;
          used_for_task: string | null;
          used_on: string | null;
          user_id: string;
          version_used: string | null;
        };
        Insert: {
          accuracy_rating?: number | null;
          body: string;
          content_id: string;
          created_at?: string;
          data_size?: string | null;
          documentation_rating?: number | null;
          edited_at?: string | null;
          engagement?: string | null;
          first_published_at?: string | null;
          helpful_count?: number;
          id?: string;
          rating: number;
          setup_rating?: number | null;
          status?: string;
          status_changed_at?: string | null;
          status_reason?: string | null;
          support_rating?: number | null;
          updated_at?: string;
          used_for_domain_id?: string | null;
          used_for_task?: string | null;
          used_on?: string | null;
          user_id: string;
          version_used?: string | null;
        };
        Update: {
          accuracy_rating?: number | null;
          body?: string;
          content_id?: string;
          created_at?: string;
          data_size?: string | null;
          documentation_rating?: number | null;
          edited_at?: string | null;
          engagement?: string | null;
          first_published_at?: string | null;
          helpful_count?: number;
          id?: string;
          rating?: number;
          setup_rating?: number | null;
          status?: string;
          status_changed_at?: string | null;
          status_reason?: string | null;
          support_rating?: number | null;
          updated_at?: string;
          used_for_domain_id?: string | null;
          used_for_task?: string | null;
          used_on?: string | null;
          user_id?: string;
          version_used?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'item_reviews_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'item_reviews_used_for_domain_id_fkey';
            columns: ['used_for_domain_id'];
            isOneToOne: false;
            referencedRelation: 'domain_counts';
            referencedColumns: ['domain_id'];
          },
          {
            foreignKeyName: 'item_reviews_used_for_domain_id_fkey';
            columns: ['used_for_domain_id'];
            isOneToOne: false;
            referencedRelation: 'scientific_domains';
            referencedColumns: ['id'];
          },
        ];
      };
      item_signal_history: {
        Row: {
          content_id: string;
          day: string;
          signal: string;
          source: string;
          value_num: number | null;
          value_text: string | null;
        };
        Insert: {
          content_id: string;
          day: string;
          signal: string;
          source: string;
          value_num?: number | null;
          value_text?: string | null;
        };
        Update: {
          content_id?: string;
          day?: string;
          signal?: string;
          source?: string;
          value_num?: number | null;
          value_text?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'item_signal_history_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_signals: {
        Row: {
          as_of: string;
          content_id: string;
          detail: NonNullable<Json>;
          signal: string;
          source: string;
          value_num: number | null;
          value_text: string | null;
        };
        Insert: {
          as_of: string;
          content_id: string;
          detail?: NonNullable<Json>;
          signal: string;
          source: string;
          value_num?: number | null;
          value_text?: string | null;
        };
        Update: {
          as_of?: string;
          content_id?: string;
          detail?: NonNullable<Json>;
          signal?: string;
          source?: string;
          value_num?: number | null;
          value_text?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'item_signals_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      item_sources: {
        Row: {
          content_id: string;
          fetched_at: string | null;
          record_id: string;
          record_url: string;
          source: string;
        };
        Insert: {
          content_id: string;
          fetched_at?: string | null;
          record_id: string;
          record_url: string;
          source: string;
        };
        Update: {
          content_id?: string;
          fetched_at?: string | null;
          record_id?: string;
          record_url?: string;
          source?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'item_sources_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'item_sources_source_fkey';
            columns: ['source'];
            isOneToOne: false;
            referencedRelation: 'catalog_sources';
            referencedColumns: ['id'];
          },
        ];
      };
      item_versions: {
        Row: {
          actor: string;
          actor_user_id: string | null;
          changed_at: string;
          changes: NonNullable<Json>;
          content_id: string;
          id: number;
          txid: number;
          version: number;
        };
        Insert: {
          actor: string;
          actor_user_id?: string | null;
          changed_at?: string;
          changes: NonNullable<Json>;
          content_id: string;
          id?: never;
          txid?: number;
          version: number;
        };
        Update: {
          actor?: string;
          actor_user_id?: string | null;
          changed_at?: string;
          changes?: NonNullable<Json>;
          content_id?: string;
          id?: never;
          txid?: number;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'item_versions_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
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
      link_checks: {
        Row: {
          checked_at: string;
          content_id: string;
          elapsed_ms: number | null;
          error: string | null;
          final_url: string | null;
          health: string;
          http_status: number | null;
          last_counted_failure_at: string | null;
          link: string;
          ok: boolean;
          spaced_failures: number;
          url: string;
        };
        Insert: {
          checked_at: string;
          content_id: string;
          elapsed_ms?: number | null;
          error?: string | null;
          final_url?: string | null;
          health: string;
          http_status?: number | null;
          last_counted_failure_at?: string | null;
          link: string;
          ok: boolean;
          spaced_failures?: number;
          url: string;
        };
        Update: {
          checked_at?: string;
          content_id?: string;
          elapsed_ms?: number | null;
          error?: string | null;
          final_url?: string | null;
          health?: string;
          http_status?: number | null;
          last_counted_failure_at?: string | null;
          link?: string;
          ok?: boolean;
          spaced_failures?: number;
          url?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'link_checks_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
        ];
      };
      notification_digests: {
        Row: {
          daily_sent_at: string | null;
          daily_through: number;
          user_id: string;
          waiting_since: string | null;
          weekly_sent_at: string | null;
          weekly_through: number;
        };
        Insert: {
          daily_sent_at?: string | null;
          daily_through?: number;
          user_id: string;
          waiting_since?: string | null;
          weekly_sent_at?: string | null;
          weekly_through?: number;
        };
        Update: {
          daily_sent_at?: string | null;
          daily_through?: number;
          user_id?: string;
          waiting_since?: string | null;
          weekly_sent_at?: string | null;
          weekly_through?: number;
        };
        Relationships: [];
      };
      notification_feed_tokens: {
        Row: {
          created_at: string;
          feed_id: string;
          token_hash: string;
          user_id: string;
        };
        Insert: {
          created_at?: string;
          feed_id?: string;
          token_hash: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          feed_id?: string;
          token_hash?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      notification_new_items: {
        Row: {
          content_id: string;
          queued_at: string;
        };
        Insert: {
          content_id: string;
          queued_at?: string;
        };
        Update: {
          content_id?: string;
          queued_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notification_new_items_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: true;
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
          payload: NonNullable<Json>;
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
          payload: NonNullable<Json>;
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
          payload?: NonNullable<Json>;
          recipient_id?: string;
          sent_at?: string | null;
        };
        Relationships: [];
      };
      notifications: {
        Row: {
          content_id: string | null;
          created_at: string;
          email_delivery: string | null;
          emailed_at: string | null;
          event_key: string;
          follow_id: string | null;
          id: number;
          kind: string;
          payload: NonNullable<Json>;
          read_at: string | null;
          user_id: string;
        };
        Insert: {
          content_id?: string | null;
          created_at?: string;
          email_delivery?: string | null;
          emailed_at?: string | null;
          event_key: string;
          follow_id?: string | null;
          id?: never;
          kind: string;
          payload: NonNullable<Json>;
          read_at?: string | null;
          user_id: string;
        };
        Update: {
          content_id?: string | null;
          created_at?: string;
          email_delivery?: string | null;
          emailed_at?: string | null;
          event_key?: string;
          follow_id?: string | null;
          id?: never;
          kind?: string;
          payload?: NonNullable<Json>;
          read_at?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notifications_content_id_fkey';
            columns: ['content_id'];
            isOneToOne: false;
            referencedRelation: 'content_items';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'notifications_follow_id_fkey';
            columns: ['follow_id'];
            isOneToOne: false;
            referencedRelation: 'follows';
            referencedColumns: ['id'];
          },
        ];
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
          authors_complete: boolean;
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
          authors_complete?: boolean;
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
          authors_complete?: boolean;
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
      review_rate_events: {
        Row: {
          action: string;
          created_at: string;
          id: number;
          user_id: string;
        };
        Insert: {
          action: string;
          created_at?: string;
          id?: never;
          user_id: string;
        };
        Update: {
          action?: string;
          created_at?: string;
          id?: never;
          user_id?: string;
        };
        Relationships: [];
      };
      saved_search_plans: {
        Row: {
          content_types: string[];
          created_at: string;
          domains: string[];
          features: string[];
          health: string[];
          input_data: string[];
          operations: string[];
          organization_sizes: string[];
          pattern: string | null;
          search: string;
          search_query: string;
          text_checked_at: string;
          tsq: unknown;
          year_from: number | null;
          year_to: number | null;
        };
        Insert: {
          content_types?: string[];
          created_at?: string;
          domains?: string[];
          features?: string[];
          health?: string[];
          input_data?: string[];
          operations?: string[];
          organization_sizes?: string[];
          pattern?: string | null;
          search?: string;
          search_query: string;
          text_checked_at?: string;
          tsq?: unknown;
          year_from?: number | null;
          year_to?: number | null;
        };
        Update: {
          content_types?: string[];
          created_at?: string;
          domains?: string[];
          features?: string[];
          health?: string[];
          input_data?: string[];
          operations?: string[];
          organization_sizes?: string[];
          pattern?: string | null;
          search?: string;
          search_query?: string;
          text_checked_at?: string;
          tsq?: unknown;
          year_from?: number | null;
          year_to?: number | null;
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
          bytes: number;
          cache_key: string;
          catalog_version: number;
          created_at: string;
          result: NonNullable<Json>;
          used_at: string;
        };
        Insert: {
          bytes?: number;
          cache_key: string;
          catalog_version: number;
          created_at?: string;
          result: NonNullable<Json>;
          used_at?: string;
        };
        Update: {
          bytes?: number;
          cache_key?: string;
          catalog_version?: number;
          created_at?: string;
          result?: NonNullable<Json>;
          used_at?: string;
        };
        Relationships: [];
      };
      search_synonyms: {
        Row: {
          long_form: string;
          long_key: string;
          short_form: string;
          short_key: string;
        };
        Insert: {
          long_form: string;
          long_key?: never;
          short_form: string;
          short_key?: never;
        };
        Update: {
          long_form?: string;
          long_key?: never;
          short_form?: string;
          short_key?: never;
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
          details: NonNullable<Json>;
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
          details?: NonNullable<Json>;
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
          details?: NonNullable<Json>;
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
          value: NonNullable<Json>;
        };
        Insert: {
          description?: string | null;
          is_public?: boolean;
          key: string;
          updated_at?: string;
          updated_by?: string | null;
          value: NonNullable<Json>;
        };
        Update: {
          description?: string | null;
          is_public?: boolean;
          key?: string;
          updated_at?: string;
          updated_by?: string | null;
          value?: NonNullable<Json>;
        };
        Relationships: [];
      };
      software: {
        Row: {
          api_available: boolean;
          availability: string | null;
          content_id: string;
          first_release: string | null;
          github_stars: number | null;
          github_url: string | null;
          license: string | null;
          license_status: string | null;
          open_source: boolean;
          pricing_model: string | null;
          programming_languages: string[];
          weights_license: string | null;
        };
        Insert: {
          api_available?: boolean;
          availability?: string | null;
          content_id: string;
          first_release?: string | null;
          github_stars?: number | null;
          github_url?: string | null;
          license?: string | null;
          license_status?: never;
          open_source?: boolean;
          pricing_model?: string | null;
          programming_languages?: string[];
          weights_license?: string | null;
        };
        Update: {
          api_available?: boolean;
          availability?: string | null;
          content_id?: string;
          first_release?: string | null;
          github_stars?: number | null;
          github_url?: string | null;
          license?: string | null;
          license_status?: never;
          open_source?: boolean;
          pricing_model?: string | null;
          programming_languages?: string[];
          weights_license?: string | null;
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
          activity_data: NonNullable<Json>;
          activity_type: string;
          actor: string;
          created_at: string;
          id: number;
          ip_address: unknown;
          user_agent: string | null;
          user_id: string | null;
        };
        Insert: {
          activity_data?: NonNullable<Json>;
          activity_type: string;
          actor?: string;
          created_at?: string;
          id?: never;
          ip_address?: unknown;
          user_agent?: string | null;
          user_id?: string | null;
        };
        Update: {
          activity_data?: NonNullable<Json>;
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
          notification_preferences: NonNullable<Json>;
          orcid_id: string | null;
          preferred_language: string | null;
          research_interests: string[];
          theme_preference: string;
          updated_at: string;
          verification_rejection_reason: string | null;
          verification_requested_at: string | null;
          verification_status: string;
          profile_signed_name: string | null;
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
          notification_preferences?: NonNullable<Json>;
          orcid_id?: string | null;
          preferred_language?: string | null;
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
          notification_preferences?: NonNullable<Json>;
          orcid_id?: string | null;
          preferred_language?: string | null;
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
      verified_orcid_ids: {
        Row: {
          orcid_id: string;
          orcid_name: string | null;
          user_id: string;
          verified_at: string;
        };
        Insert: {
          orcid_id: string;
          orcid_name?: string | null;
          user_id: string;
          verified_at?: string;
        };
        Update: {
          orcid_id?: string;
          orcid_name?: string | null;
          user_id?: string;
          verified_at?: string;
        };
        Relationships: [];
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
      domain_ancestry: {
        Row: {
          ancestor_id: string | null;
          ancestor_slug: string | null;
          depth: number | null;
          domain_id: string | null;
        };
        Relationships: [];
      };
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
      admin_active_admin_count: { Args: { excluding: string }; Returns: number };
      admin_analytics: { Args: { days: number }; Returns: Json };
      admin_assert_admin: { Args: Record<PropertyKey, never>; Returns: undefined };
      admin_assert_staff: { Args: Record<PropertyKey, never>; Returns: undefined };
      admin_dashboard: { Args: Record<PropertyKey, never>; Returns: Json };
      admin_decide_item_claim: { Args: { _claim_id: string; _decision: string; _reason?: string }; Returns: Json };
      admin_decide_verification: { Args: { approve: boolean; reason?: string; target: string }; Returns: undefined };
      admin_list_item_claims: { Args: { _status?: string }; Returns: Json };
      admin_list_items: {
        Args: {
          content_type?: string;
          domain_id?: string;
          featured?: boolean;
          page?: number;
          page_size?: number;
          search?: string;
          status?: string;
          verified?: boolean;
        };
        Returns: Json;
      };
      admin_list_users: { Args: { page?: number; page_size?: number; role?: string; search?: string }; Returns: Json };
      admin_pending_verifications: { Args: Record<PropertyKey, never>; Returns: Json };
      admin_record: { Args: { data: Json; kind: string }; Returns: undefined };
      admin_requires_aal2: { Args: Record<PropertyKey, never>; Returns: boolean };
      admin_set_banned: { Args: { banned: boolean; target: string }; Returns: undefined };
      admin_set_role: { Args: { new_role: string; target: string }; Returns: undefined };
      admin_set_setting: { Args: { enabled: boolean; setting_key: string }; Returns: undefined };
      admin_update_item: { Args: { changes: Json; domain_ids?: string[]; item_id: string }; Returns: undefined };
      answer_item_claim_transfer: { Args: { _accept: boolean; _claim_id: string }; Returns: Json };
      api_token_is_live: { Args: { token_id: string }; Returns: boolean };
      approve_proven_claim: {
        Args: { _content_id: string; _method: string; _proof: Json; _user_id: string };
        Returns: Json;
      };
      approve_submission: { Args: { submission_id: string }; Returns: Json };
      assert_claims_server: { Args: Record<PropertyKey, never>; Returns: undefined };
      assert_outbox_worker: { Args: Record<PropertyKey, never>; Returns: undefined };
      begin_enrich_run: { Args: { origin?: string; sources: string[] }; Returns: string };
      begin_harvest: { Args: { publish?: boolean; query: Json; source: string }; Returns: Json };
      begin_import: { Args: { content_type: string; file_name: string; summary?: Json }; Returns: string };
      catalog_data_summary: { Args: Record<PropertyKey, never>; Returns: Json };
      catalog_facets: { Args: Record<PropertyKey, never>; Returns: Json };
      catalog_has_sample_figures: { Args: Record<PropertyKey, never>; Returns: boolean };
      catalog_health: { Args: { stale_seconds?: number }; Returns: Json };
      check_request_session: { Args: Record<PropertyKey, never>; Returns: undefined };
      claim_item_by_orcid: { Args: { _content_id: string }; Returns: Json };
      claim_notification_batch: {
        Args: { batch_size?: number; lease_seconds?: number };
        Returns: {
          attempts: number;
          email: string;
          first_name: string;
          id: number;
          kind: string;
          payload: Json;
          preferred_language: string;
          recipient_id: string;
        }[];
      };
      claim_target: {
        Args: { _content_id: string };
        Returns: {
          content_id: string;
          content_type: string;
          github_url: string;
          maintained: boolean;
          slug: string;
          title: string;
          url: string;
        }[];
      };
      claimable_item: {
        Args: { _content_id: string; _user_id: string };
        Returns: {
          competitive_advantages: string[];
          content_type: string;
          created_at: string;
          description: string;
          featured: boolean;
          id: string;
          key_features: string[];
          metadata: NonNullable<Json>;
          organization_id: string | null;
          published_at: string | null;
          save_count: number;
          search_vector: unknown;
          short_description: string;
          slug: string;
          status: string;
          tags: string[];
          title: string;
          trending_score: number;
          updated_at: string;
          url: string | null;
          verified: boolean;
          view_count: number;
          year: number | null;
        };
        SetofOptions: {
          from: '*';
          to: 'content_items';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      commit_harvest_page: {
        Args: { finished: boolean; items: Json; next_cursor: string; refused?: Json; run_id: string };
        Returns: Json;
      };
      commit_import: { Args: { batch_id: string }; Returns: Json };
      correct_search: { Args: { search: string }; Returns: string };
      create_api_token: { Args: { expires_in_days?: number; token_name: string }; Returns: Json };
      create_notification_feed_token: { Args: Record<PropertyKey, never>; Returns: Json };
      decide_item_fact_change: { Args: { _approve: boolean; _change_id: string; _reason?: string }; Returns: Json };
      decide_submission: { Args: { decision: string; reason: string; submission_id: string }; Returns: Json };
      delete_item_review: { Args: { _review_id: string }; Returns: undefined };
      delete_my_account: { Args: { _confirmation: string }; Returns: undefined };
      delete_old_notifications: { Args: { batch_size?: number; retention_days: number }; Returns: number };
      delete_review_reply: { Args: { _review_id: string }; Returns: undefined };
      discard_import: { Args: { batch_id: string }; Returns: boolean };
      edit_distance: { Args: { a: string; b: string }; Returns: number };
      edit_item_review: { Args: { _review: Json; _review_id: string }; Returns: Json };
      edit_review_reply: { Args: { _review_id: string; _text: string }; Returns: Json };
      end_my_session: { Args: { _session_id: string }; Returns: boolean };
      enrich_cache_get: { Args: { urls: string[] }; Returns: Json };
      enrich_cache_put: { Args: { entries: Json }; Returns: undefined };
      enrich_targets: {
        Args: {
          after_id?: string;
          max_items: number;
          only_requested?: boolean;
          sources: string[];
          stale_seconds: number;
        };
        Returns: Json;
      };
      facet_values_of: {
        Args: {
          content_type: string;
          domain_slugs: string[];
          features: string[];
          input_data: string[];
          operations: string[];
          organization_size: string;
          year: number;
        };
        Returns: {
          facet: string;
          value: string;
        }[];
      };
      fail_harvest: { Args: { error: string; run_id: string }; Returns: undefined };
      field_page: { Args: { _slug: string }; Returns: Json };
      find_existing_import_keys: { Args: { content_type: string; keys: string[] }; Returns: string[] };
      find_follow: {
        Args: { _target: Database['public']['Tables']['follows']['Row']; _user_id: string };
        Returns: string;
      };
      find_possible_duplicates: {
        Args: { candidate_doi?: string; candidate_title: string; candidate_url?: string; exclude_submission?: string };
        Returns: Json;
      };
      finish_enrich_run: { Args: { error?: string; run_id: string }; Returns: undefined };
      fold_accents: { Args: { value: string }; Returns: string };
      follow: { Args: { label?: string; target: string; target_type: string }; Returns: Json };
      follow_caller: { Args: Record<PropertyKey, never>; Returns: string };
      follow_limits: {
        Args: Record<PropertyKey, never>;
        Returns: {
          follows_per_hour: number;
          max_follows: number;
          max_saved_searches: number;
        }[];
      };
      follow_rate_limit: { Args: { _caller: string }; Returns: undefined };
      follow_state: { Args: { target: string; target_type: string }; Returns: Json };
      follow_target: {
        Args: { _target: string; _target_type: string };
        Returns: {
          content_id: string | null;
          created_at: string;
          domain_id: string | null;
          id: string;
          label: string | null;
          last_seen_at: string;
          organization_id: string | null;
          person_id: string | null;
          search_query: string | null;
          target_type: string;
          user_id: string;
        };
        SetofOptions: {
          from: '*';
          to: 'follows';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      follower_count: { Args: { _target: Database['public']['Tables']['follows']['Row'] }; Returns: number };
      get_user_roles: { Args: { _user_id: string }; Returns: string[] };
      grant_admin_role: { Args: { _email: string }; Returns: string };
      harvest_assert_allowed: { Args: { publish: boolean }; Returns: undefined };
      harvest_matches: {
        Args: { items: Json };
        Returns: {
          content_id: string;
          ordinal: number;
        }[];
      };
      harvest_own_run: {
        Args: { _run_id: string };
        Returns: {
          added: number;
          created_by: string | null;
          cursor: string | null;
          errors: NonNullable<Json>;
          finished_at: string | null;
          id: string;
          pages: number;
          publish: boolean;
          query: NonNullable<Json>;
          skipped: number;
          source: string;
          started_at: string;
          status: string;
          updated: number;
        };
        SetofOptions: {
          from: '*';
          to: 'harvest_runs';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      harvest_queue: { Args: { max_items?: number }; Returns: Json };
      has_role: { Args: { _role: string; _user_id: string }; Returns: boolean };
      history_item: { Args: { _slug: string }; Returns: Json };
      import_assert_allowed: { Args: Record<PropertyKey, never>; Returns: undefined };
      import_bulk_load_active: { Args: Record<PropertyKey, never>; Returns: boolean };
      import_own_batch: {
        Args: { _batch_id: string };
        Returns: {
          content_type: string;
          created_at: string;
          created_by: string | null;
          file_name: string;
          id: string;
          summary: NonNullable<Json>;
        };
        SetofOptions: {
          from: '*';
          to: 'import_batches';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      import_software_key: { Args: { title: string; url: string }; Returns: string };
      import_text_array: { Args: { value: Json }; Returns: string[] };
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean };
      is_affiliated_with_item: { Args: { _content_id: string; _user_id: string }; Returns: boolean };
      is_item_maintainer: { Args: { _content_id: string; _user_id: string }; Returns: boolean };
      is_partial_date: { Args: { value: string }; Returns: boolean };
      is_saved_search_query: { Args: { _query: string }; Returns: boolean };
      is_staff: { Args: Record<PropertyKey, never>; Returns: boolean };
      is_valid_orcid: { Args: { _orcid: string }; Returns: boolean };
      is_vocabulary_word: { Args: { word: string }; Returns: boolean };
      item_cards: { Args: { ids: string[] }; Returns: Json };
      item_claim_summary: { Args: { _content_id: string }; Returns: Json };
      item_details: { Args: { slugs: string[] }; Returns: Json };
      item_domain_slugs: { Args: { _content_id: string }; Returns: Json };
      item_figures: {
        Args: { item_ids: string[] };
        Returns: {
          content_id: string;
          figures: Json;
        }[];
      };
      item_history: { Args: { _page?: number; _slug: string }; Returns: Json };
      item_links: { Args: { item_id: string; outgoing: boolean }; Returns: Json };
      item_papers_to_cite: { Args: { item_id: string }; Returns: Json };
      item_rating: { Args: { item_id: string }; Returns: Json };
      item_rating_json: { Args: { _content_id: string }; Returns: Json };
      item_reviews_page: { Args: { _content_id: string; _page?: number; _sort?: string }; Returns: Json };
      item_search_vector: {
        Args: { description: string; short_description: string; tags: string[]; title: string };
        Returns: unknown;
      };
      item_source_records: { Args: { item_id: string }; Returns: Json };
      item_summary: { Args: { ci: Database['public']['Tables']['content_items']['Row'] }; Returns: Json };
      item_typed_year: { Args: { item_id: string; item_type: string }; Returns: number };
      item_version: { Args: { _slug: string; _version: number }; Returns: Json };
      item_version_json: {
        Args: { v: Database['public']['Tables']['item_versions']['Row']; with_changes: boolean };
        Returns: Json;
      };
      item_view_time: { Args: { view_day: string }; Returns: string };
      library_items: { Args: Record<PropertyKey, never>; Returns: Json };
      license_status: { Args: { license: string }; Returns: string };
      list_my_sessions: {
        Args: Record<PropertyKey, never>;
        Returns: {
          aal: string;
          created_at: string;
          id: string;
          ip: string;
          is_current: boolean;
          last_used_at: string;
          user_agent: string;
        }[];
      };
      load_catalog: { Args: { items: Json; mark_as_sample?: boolean }; Returns: Json };
      load_catalog_sources: { Args: { sources: Json }; Returns: number };
      maintainer_name: { Args: { _user_id: string }; Returns: string };
      maintainer_revertible_fields: { Args: Record<PropertyKey, never>; Returns: string[] };
      maintainer_update_item: { Args: { _changes: Json; _content_id: string }; Returns: Json };
      mark_follow_seen: { Args: { follow_id: string }; Returns: boolean };
      mark_notification_failed: { Args: { error_message: string; notification_id: number }; Returns: undefined };
      mark_notification_sent: { Args: { notification_id: number }; Returns: undefined };
      mark_notifications: { Args: { ids?: number[]; mark_read?: boolean }; Returns: number };
      mark_review_helpful: { Args: { _helpful?: boolean; _review_id: string }; Returns: number };
      merge_item_changes: { Args: { earlier: Json; later: Json }; Returns: Json };
      merge_search_index_pending: { Args: Record<PropertyKey, never>; Returns: undefined };
      metadata_terms: { Args: { field?: string; value: Json }; Returns: string[] };
      moderate_review: { Args: { _decision: string; _reason?: string; _review_id: string }; Returns: Json };
      moderate_review_reply: { Args: { _decision: string; _reason?: string; _review_id: string }; Returns: Json };
      my_follows: { Args: Record<PropertyKey, never>; Returns: Json };
      my_item_claims: { Args: Record<PropertyKey, never>; Returns: Json };
      my_notifications: { Args: { before_id?: number; only_unread?: boolean; page_size?: number }; Returns: Json };
      my_profile_stats: {
        Args: Record<PropertyKey, never>;
        Returns: {
          contributions: number;
          reviews: number;
          saved_items: number;
        }[];
      };
      normalize_url: { Args: { url: string }; Returns: string };
      notification_category: { Args: { kind: string }; Returns: string };
      notification_email_delivery: { Args: { category: string; preferences: Json }; Returns: string };
      notification_email_state: { Args: { delivery: string }; Returns: string };
      notification_feed: {
        Args: { max_entries?: number; presented_hash: string };
        Returns: {
          entries: Json;
          feed_id: string;
        }[];
      };
      notification_item_payload: { Args: { content_type: string; slug: string; title: string }; Returns: Json };
      notify_item_followers:
        | { Args: { content_id: string; event_key: string; kind: string; payload: Json }; Returns: number }
        | {
            Args: {
              actor?: string;
              content_ids: string[];
              event_keys: string[];
              include_maintainer?: boolean;
              kind: string;
              payloads: Json[];
            };
            Returns: number;
          };
      notify_new_items: { Args: { batch_size?: number }; Returns: Json };
      offer_item_claim_transfer: { Args: { _claim_id: string; _recipient: string }; Returns: Json };
      ordered_uuid: { Args: { ordinal: number; salt: number; stamp_ms: number }; Returns: string };
      organization_page: { Args: { _id: string }; Returns: Json };
      others_published_review: { Args: { _action: string; _caller: string; _review_id: string }; Returns: string };
      paper_has_author_orcid: { Args: { _content_id: string; _orcid: string }; Returns: boolean };
      pending_item_fact_changes: { Args: Record<PropertyKey, never>; Returns: Json };
      pending_submission_for_review: {
        Args: { submission_id: string };
        Returns: {
          content_id: string | null;
          content_type: string;
          created_at: string;
          description: string;
          domains: string[];
          id: string;
          key_features: string[];
          metadata: NonNullable<Json>;
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
        SetofOptions: {
          from: '*';
          to: 'content_submissions';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      preview_harvest_page: { Args: { items: Json }; Returns: Json };
      profile_signed_name: {
        Args: { _profile: Database['public']['Tables']['user_profiles']['Row'] };
        Returns: string;
      };
      prune_search_cache: { Args: Record<PropertyKey, never>; Returns: undefined };
      public_item_reviews: {
        Args: { _content_ids: string[]; _per_item?: number };
        Returns: {
          content_id: string;
          rating: Json;
          reviews: Json;
        }[];
      };
      public_profile: {
        Args: { _handle: string };
        Returns: {
          avatar_url: string;
          bio: string;
          display_name: string;
          first_name: string;
          handle: string;
          institution: string;
          last_name: string;
          member_since: string;
          orcid_id: string;
          research_interests: string[];
          reviews: number;
          verified: boolean;
        }[];
      };
      public_profile_orcid: {
        Args: { _handle: string };
        Returns: {
          orcid_id: string;
          orcid_name: string;
        }[];
      };
      public_profile_reviews: { Args: { _handle: string; _page?: number }; Returns: Json };
      public_site_settings: { Args: Record<PropertyKey, never>; Returns: Json };
      quick_view_card: { Args: { item_slug: string }; Returns: Json };
      rating_json: {
        Args: {
          other_average: number;
          other_count: number;
          score: number;
          verified_average: number;
          verified_count: number;
        };
        Returns: Json;
      };
      rating_prior: {
        Args: Record<PropertyKey, never>;
        Returns: {
          prior_mean: number;
          prior_weight: number;
        }[];
      };
      record_enrich_batch: {
        Args: { not_modified?: number; requests?: number; results: Json; run_id: string };
        Returns: undefined;
      };
      record_item_change: { Args: { _changes: Json; _content_id: string }; Returns: undefined };
      record_item_view: { Args: { item_slug: string }; Returns: boolean };
      record_proven_claim: {
        Args: { _content_id: string; _method: string; _proof: Json; _user_id: string };
        Returns: Json;
      };
      record_search: { Args: { result_count: number; term: string }; Returns: undefined };
      refresh_catalog_statistics: { Args: Record<PropertyKey, never>; Returns: string[] };
      refresh_content_search: { Args: { item_ids: string[] }; Returns: undefined };
      refresh_item_cards: { Args: { item_ids: string[] }; Returns: undefined };
      refresh_item_rating: { Args: { _content_id: string }; Returns: undefined };
      refresh_item_ratings_of_user: { Args: { _user_id: string }; Returns: undefined };
      refresh_trending_scores: { Args: Record<PropertyKey, never>; Returns: number };
      reject_submission: { Args: { reason: string; submission_id: string }; Returns: Json };
      related_items: { Args: { item_slug: string; max_items?: number }; Returns: Json };
      reply_to_review: { Args: { _review_id: string; _text: string }; Returns: Json };
      report_review: { Args: { _note?: string; _reason: string; _review_id: string }; Returns: undefined };
      request_changes: { Args: { reason: string; submission_id: string }; Returns: Json };
      request_enrich_recheck: { Args: { content_id: string }; Returns: undefined };
      resubmit_submission: { Args: { submission: Json; submission_id: string }; Returns: Json };
      revert_item_to_version: { Args: { _content_id: string; _version: number }; Returns: Json };
      review_author: { Args: Record<PropertyKey, never>; Returns: string };
      review_fields: {
        Args: { _content_type: string; _review: Json };
        Returns: {
          accuracy_rating: number | null;
          body: string;
          content_id: string;
          created_at: string;
          data_size: string | null;
          documentation_rating: number | null;
          edited_at: string | null;
          engagement: string | null;
          first_published_at: string | null;
          helpful_count: number;
          id: string;
          rating: number;
          setup_rating: number | null;
          status: string;
          status_changed_at: string | null;
          status_reason: string | null;
          support_rating: number | null;
          updated_at: string;
          used_for_domain_id: string | null;
          used_for_task: string | null;
          used_on: string | null;
          user_id: string;
          version_used: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'item_reviews';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      review_json: {
        Args: { _caller: string; _review: Database['public']['Tables']['item_reviews']['Row']; _with_status: boolean };
        Returns: Json;
      };
      review_moderation_queue: { Args: Record<PropertyKey, never>; Returns: Json };
      review_needs_moderation: { Args: { _user_id: string }; Returns: boolean };
      review_rate_limit: { Args: { _action: string }; Returns: undefined };
      review_reply_author: { Args: Record<PropertyKey, never>; Returns: string };
      review_reply_json: {
        Args: { _caller: string; _review: Database['public']['Tables']['item_reviews']['Row'] };
        Returns: Json;
      };
      review_reply_text: { Args: { _text: string }; Returns: string };
      review_text_length: { Args: { _text: string }; Returns: number };
      revoke_notification_feed_token: { Args: Record<PropertyKey, never>; Returns: boolean };
      save_item: { Args: { item_id: string }; Returns: boolean };
      save_search_plans: { Args: { plans: Json }; Returns: number };
      search_active_since: { Args: Record<PropertyKey, never>; Returns: string };
      search_correction_candidates: {
        Args: { query_word: string };
        Returns: {
          distance: number;
          similarity: number;
          word: string;
        }[];
      };
      search_facets: {
        Args: {
          content_types: string[];
          domain_slugs: string[];
          features: string[];
          health?: string[];
          input_data?: string[];
          operations?: string[];
          organization_sizes: string[];
          search: string;
          year_from: number;
          year_to: number;
        };
        Returns: Json;
      };
      search_filter_conditions: {
        Args: {
          content_types: string[];
          domain_slugs: string[];
          features: string[];
          input_data: string[];
          operations: string[];
          organization_sizes: string[];
          year_from: number;
          year_to: number;
        };
        Returns: string[];
      };
      search_health_condition: { Args: { health: string[] }; Returns: string };
      search_items: {
        Args: {
          content_types?: string[];
          domains?: string[];
          features?: string[];
          health?: string[];
          input_data?: string[];
          operations?: string[];
          organization_sizes?: string[];
          page_offset?: number;
          page_size?: number;
          search?: string;
          sort_by?: string;
          year_from?: number;
          year_to?: number;
        };
        Returns: Json;
      };
      search_key: { Args: { value: string }; Returns: string };
      search_matches: {
        Args: { search: string };
        Returns: {
          content_id: string;
          rank: number;
        }[];
      };
      search_name_words_pattern: { Args: { anchored: boolean; compact: string }; Returns: string };
      search_page: {
        Args: {
          content_types: string[];
          domain_slugs: string[];
          features: string[];
          health?: string[];
          input_data?: string[];
          operations?: string[];
          organization_sizes: string[];
          page_offset: number;
          page_size: number;
          search: string;
          sort_by: string;
          year_from: number;
          year_to: number;
        };
        Returns: {
          content_id: string;
          place: number;
        }[];
      };
      search_partial_text: { Args: { query_text: string }; Returns: string };
      search_relevance_expression: { Args: Record<PropertyKey, never>; Returns: string };
      search_results: {
        Args: {
          content_types: string[];
          domain_slugs: string[];
          features: string[];
          health?: string[];
          input_data?: string[];
          operations?: string[];
          organization_sizes: string[];
          page_offset: number;
          page_size: number;
          search: string;
          sort_by: string;
          year_from: number;
          year_to: number;
        };
        Returns: Record<string, unknown>;
      };
      search_scope: { Args: { health_condition: string; text_condition: string }; Returns: string };
      search_synonym_key: { Args: { value: string }; Returns: string };
      search_synonym_query: { Args: { folded: string }; Returns: unknown };
      search_text_condition: { Args: { search: string }; Returns: Record<string, unknown> };
      search_year_bounds: { Args: { year_from: number; year_to: number }; Returns: Record<string, unknown> };
      searches_without_plan: { Args: { max_count?: number }; Returns: string[] };
      security_event_severity_counts: {
        Args: { _event_type?: string };
        Returns: {
          severity: string;
          total: number;
        }[];
      };
      signal_time: { Args: { value: string }; Returns: string };
      similar_items: { Args: { max_items?: number; query: string }; Returns: Json };
      slugify: { Args: { title: string }; Returns: string };
      spdx_osi_approved: { Args: { license_id: string }; Returns: boolean };
      split_joined_word: { Args: { word: string }; Returns: string };
      stage_import_rows: { Args: { batch_id: string; rows: Json }; Returns: number };
      start_email_claim: {
        Args: { _code: string; _content_id: string; _email: string; _user_id: string };
        Returns: Json;
      };
      submit_item_claim: { Args: { _content_id: string; _evidence: string }; Returns: Json };
      submit_item_review: { Args: { _content_id: string; _review: Json }; Returns: Json };
      suffixed_slug: { Args: { base: string; suffix: string }; Returns: string };
      trending_weight: { Args: { at_time: string; happened_at: string; weight: number }; Returns: number };
      unfollow: { Args: { follow_id: string }; Returns: boolean };
      unique_item_slug: { Args: { fallback: string; title: string }; Returns: string };
      unread_notification_count: { Args: Record<PropertyKey, never>; Returns: number };
      unsave_item: { Args: { item_id: string }; Returns: boolean };
      unsubscribe_email: { Args: { _user_id: string; scope: string }; Returns: string[] };
      use_api_token: {
        Args: { presented_hash: string };
        Returns: {
          email: string;
          token_id: string;
          user_id: string;
        }[];
      };
      user_has_verified_orcid: { Args: { _user_id: string }; Returns: boolean };
      verified_orcid_of: { Args: { _user_id: string }; Returns: string };
      verify_email_claim: { Args: { _code: string; _content_id: string; _user_id: string }; Returns: Json };
      vocabulary_words: { Args: { short_description: string; tags: string[]; title: string }; Returns: string[] };
      withdraw_item_claim: { Args: { _claim_id: string }; Returns: Json };
      write_notification_digests: { Args: { max_users?: number }; Returns: Json };
      writes_are_news: { Args: Record<PropertyKey, never>; Returns: boolean };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
