import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A campus the deployment serves (D16): its name, a short name (operators name it by that in
 * `npm run admin -- campus ...`) and its e-mail domains. A student's campus is the one their
 * e-mail's domain names (campus-domains.ts); `users.campus_id` records it.
 */
@ObjectType('Campus')
@Entity('campuses')
export class Campus {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Field()
  @Column({ type: 'text' })
  name!: string;

  @Field({ description: 'A short name, e.g. "DEMO"; unique, whatever its case' })
  @Column({ name: 'short_name', type: 'text' })
  shortName!: string;

  /** Its rows in campus_domains (CampusDomain), lowercase ASCII, most recently added last. */
  @Field(() => [String], { description: 'Its e-mail domains; addresses on a subdomain belong too (cs.example.edu: example.edu)' })
  domains!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}

/** One e-mail domain of a campus; a domain belongs to one campus at most (its primary key). */
@Entity('campus_domains')
export class CampusDomain {
  @PrimaryColumn({ type: 'text' })
  domain!: string;

  @Column({ name: 'campus_id', type: 'uuid' })
  campusId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
