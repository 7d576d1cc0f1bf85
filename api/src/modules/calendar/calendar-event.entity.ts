import { Field, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { LocalDateScalar } from '../../shared/graphql/scalars';

/** One event per day per user: (userUid, date) is the key. */
@ObjectType('CalendarEvent')
@Entity('calendar_events')
export class CalendarEvent {
  @PrimaryColumn({ name: 'user_uid', type: 'text' })
  userUid!: string;

  @Field(() => LocalDateScalar)
  @PrimaryColumn({ type: 'date' })
  date!: string;

  @Field()
  @Column({ type: 'text' })
  name!: string;

  /** The event post it came from (modules/events' addEventToCalendar); null for a plain entry, or once the post is deleted. */
  @Column({ name: 'post_id', type: 'uuid', nullable: true })
  postId!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
